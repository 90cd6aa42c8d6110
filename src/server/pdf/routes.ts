// The order PDFs a shopper downloads (/pedido/{externalId}/ticket.pdf and comprovante.pdf), for
// the order's owner only, and the order desk's packing slips and pick lists (/painel/pedidos/impressao.pdf,
// after the staff guard) (decision 0720): file answers of framework-free routes.
import { hasReceipt, showsPickupCode } from '#lib/contract/orders.ts';
import { toAddressLines } from '#lib/address-lines.ts';
import { DeskOrderNumberSchema } from '#lib/contract/order-desk.ts';
import { orderDeskMessages } from '#lib/i18n/order-desk.ts';
import { orderMessages } from '#lib/i18n/orders.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';
import { parsePictureUrl, PICTURE_WIDTHS } from '#lib/pictures.ts';
import { getPictureStore } from '../catalogue-media/index.ts';
import { systemClock } from '../clock.ts';
import { getOrderDeskService } from '../order-desk/index.ts';
import type { ApiCall } from '../http/api-call.ts';
import { withDomainErrors } from '../http/error-result.ts';
import { rawResult, type ApiResult } from '../http/responses.ts';
import { orderError } from '../orders/errors.ts';
import { getOrderService } from '../orders/index.ts';
import { renderPackingSlipsPdf, renderPickListPdf, renderReceiptPdf, renderTicketPdf, type PackingSlip } from './service.ts';

async function requireOwnOrder({ locals, id }: ApiCall) {
  if (!locals.customer) throw orderError('unauthenticated', 'loginRequired');
  const order = await getOrderService().getOrder(locals.customer.id, id, toApiLang(locals.locale));
  if (!order) throw orderError('not_found', 'resourceNotFound');
  return order;
}

function toPdfResult(pdf: Buffer | Uint8Array, filename: string, disposition: 'attachment' | 'inline' = 'attachment'): ApiResult {
  return rawResult(200, new Uint8Array(pdf), {
    'content-type': 'application/pdf',
    'content-disposition': `${disposition}; filename="${filename}"`,
    'cache-control': 'private, no-store',
  });
}

/** The pickup ticket PDF: exists once the order is paid and has its pickup code. */
export const getTicketPdf = withDomainErrors(async (call) => {
  const order = await requireOwnOrder(call);
  const code = showsPickupCode(order) ? order.codigo_retirada : null;
  if (!code) throw orderError('not_found', 'resourceNotFound');
  return toPdfResult(await renderTicketPdf({ ...order, codigo_retirada: code }, call.locals.locale), `ticket-${order.pedido}.pdf`);
});

/** The order receipt (the /success "download receipt"): only once a payment was taken. */
export const getReceiptPdf = withDomainErrors(async (call) => {
  const order = await requireOwnOrder(call);
  if (!hasReceipt(order)) throw orderError('not_found', 'resourceNotFound');
  return toPdfResult(await renderReceiptPdf(order, call.locals.locale), `pedido-${order.pedido}.pdf`);
});

/** Orders one print may hold: four pages of the desk's list. */
const MAX_PRINTED_ORDERS = 100;

/** The smallest stored width of an uploaded picture (WebP), or null for demo drawings and outside addresses. */
async function readSmallPicture(url: string | null): Promise<Buffer | null> {
  const picture = url ? parsePictureUrl(url) : null;
  if (!picture) return null;
  const smallest = PICTURE_WIDTHS.find((width) => width <= picture.width) ?? picture.width;
  return getPictureStore().readPictureVariant(picture.hash, smallest);
}

type PackingOrder = Awaited<ReturnType<ReturnType<typeof getOrderDeskService>['getPackingOrders']>>[number];

/** A desk order as its packing slip prints it, in the staff member's language. */
async function toPackingSlip(order: PackingOrder, locale: Locale): Promise<PackingSlip> {
  const t = createTranslator(orderDeskMessages, locale);
  const to = createTranslator(orderMessages, locale);
  const service = locale === 'pt-BR' ? order.delivery_service_name_pt : order.delivery_service_name_es;
  const kind = to(`delivery_${order.delivery_type}` as Parameters<typeof to>[0]);
  const destination =
    order.delivery_type === 'delivery'
      ? toAddressLines(order.delivery_address)
      : order.pickup_point_name
        ? [`${t('pickupPoint')}: ${order.pickup_point_name}`, order.pickup_point_address ?? '']
        : [];
  return {
    number: order.number,
    createdAt: order.created_at,
    buyerName: order.buyer_name,
    phone: order.phone,
    document: `${order.document_type} ${order.document}`.trim(),
    delivery: [kind, service, order.pickup_code].filter(Boolean).join(' · '),
    destination: [...destination, ...(order.alternative_city ? [`${t('alternativeCity')}: ${order.alternative_city}`] : [])].filter(
      Boolean,
    ),
    notes: [...(order.tracking_note ? [`${t('trackingNote')}: ${order.tracking_note}`] : []), ...order.notes.map((note) => note.body)],
    items: await Promise.all(
      order.items.map(async (item) => ({
        code: item.product_code,
        name: locale === 'pt-BR' ? item.name_pt : item.name_es,
        quantity: item.quantity,
        picture: await readSmallPicture(item.image_url),
      })),
    ),
  };
}

/**
 * GET /painel/pedidos/impressao.pdf?pedido=N[&pedido=M...][&tipo=separacao]: the packing slips
 * of the orders checked on the desk's list (or of one order), or their pick list with tipo=separacao.
 * Without any known order the list is shown again, saying so.
 */
export async function getPackingPdf(url: URL, locale: Locale): Promise<ApiResult> {
  const numbers = [
    ...new Set(
      url.searchParams.getAll('pedido').flatMap((value) => {
        const parsed = DeskOrderNumberSchema.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  ].slice(0, MAX_PRINTED_ORDERS);
  const orders = numbers.length ? await getOrderDeskService().getPackingOrders(numbers) : [];
  if (orders.length === 0) return rawResult(303, null, { location: '/painel/pedidos?impressao=vazia', 'cache-control': 'no-store' });
  const slips = await Promise.all(orders.map((order) => toPackingSlip(order, locale)));
  const stamp = slips.length === 1 ? String(slips[0]!.number) : `${slips.length}`;
  if (url.searchParams.get('tipo') === 'separacao')
    return toPdfResult(await renderPickListPdf(slips, locale, systemClock.now()), `separacao-${stamp}.pdf`, 'inline');
  return toPdfResult(await renderPackingSlipsPdf(slips, locale), `romaneio-${stamp}.pdf`, 'inline');
}
