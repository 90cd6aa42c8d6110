// The order PDFs a shopper downloads (/pedido/{externalId}/ticket.pdf and comprovante.pdf), for
// the order's owner only (decision 0720): file answers of framework-free routes.
import { hasReceipt, showsPickupCode } from '#lib/contract/orders.ts';
import { toApiLang } from '#lib/locale.ts';
import type { ApiCall } from '../http/api-call.ts';
import { withDomainErrors } from '../http/error-result.ts';
import { rawResult, type ApiResult } from '../http/responses.ts';
import { orderError } from '../orders/errors.ts';
import { getOrderService } from '../orders/index.ts';
import { renderReceiptPdf, renderTicketPdf } from './service.ts';

async function requireOwnOrder({ locals, id }: ApiCall) {
  if (!locals.customer) throw orderError('unauthenticated', 'loginRequired');
  const order = await getOrderService().getOrder(locals.customer.id, id, toApiLang(locals.locale));
  if (!order) throw orderError('not_found', 'resourceNotFound');
  return order;
}

function toPdfResult(pdf: Buffer | Uint8Array, filename: string): ApiResult {
  return rawResult(200, new Uint8Array(pdf), {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${filename}"`,
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
