// The order PDFs a shopper downloads (/pedido/{externalId}/ticket.pdf and comprovante.pdf), for
// the order's owner only (decision 0720). They answer files, so they take Astro's context.
import type { APIContext } from 'astro';
import { showsPickupCode } from '#lib/contract/orders.ts';
import { toApiLang } from '#lib/locale.ts';
import { withDomainErrorResponses } from '../http/error-result.ts';
import { orderError } from '../orders/errors.ts';
import { getOrderService } from '../orders/index.ts';
import { renderReceiptPdf, renderTicketPdf } from './order-documents.ts';

async function requireOwnOrder({ locals, params }: APIContext) {
  if (!locals.customer) throw orderError('unauthenticated', 'loginRequired');
  const order = await getOrderService().getOrder(locals.customer.id, params.externalId ?? '', toApiLang(locals.locale));
  if (!order) throw orderError('not_found', 'resourceNotFound');
  return order;
}

function toPdfResponse(pdf: Buffer | Uint8Array, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** The pickup ticket PDF: exists once the order is paid and has its pickup code. */
export const getTicketPdf = withDomainErrorResponses(async (context) => {
  const order = await requireOwnOrder(context);
  const code = showsPickupCode(order) ? order.codigo_retirada : null;
  if (!code) throw orderError('not_found', 'resourceNotFound');
  return toPdfResponse(await renderTicketPdf({ ...order, codigo_retirada: code }, context.locals.locale), `ticket-${order.pedido}.pdf`);
});

/** The order receipt (the /success "download receipt"). */
export const getReceiptPdf = withDomainErrorResponses(async (context) => {
  const order = await requireOwnOrder(context);
  return toPdfResponse(await renderReceiptPdf(order, context.locals.locale), `pedido-${order.pedido}.pdf`);
});
