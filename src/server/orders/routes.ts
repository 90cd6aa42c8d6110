// The shopper's order endpoints of the contract (/ecom/venda/pedidos), framework-free (decision 0720).
import type { OrderPaymentsView } from '#lib/contract/orders.ts';
import { toApiLang } from '#lib/locale.ts';
import type { ApiCall } from '../http/api-call.ts';
import { withDomainErrors } from '../http/error-result.ts';
import { jsonResult } from '../http/responses.ts';
import { orderError } from './errors.ts';
import { getOrderService } from './index.ts';

function requireCustomerId({ locals }: ApiCall): number {
  if (!locals.customer) throw orderError('unauthenticated', 'loginRequired');
  return locals.customer.id;
}

/** One order of the signed-in customer; anybody else's order is a 404, never a 403. */
async function requireOrder(call: ApiCall) {
  const order = await getOrderService().getOrder(requireCustomerId(call), call.id, toApiLang(call.locals.locale));
  if (!order) throw orderError('not_found', 'resourceNotFound');
  return order;
}

/** GET /ecom/venda/pedidos: the signed-in customer's orders, newest first: `{ data: [...] }`. */
export const listOrders = withDomainErrors(async (call) => {
  const customerId = requireCustomerId(call);
  return jsonResult(200, { data: await getOrderService().listOrders(customerId, toApiLang(call.locals.locale)) });
});

/** GET /ecom/venda/pedidos/{id}: one order (external id or number). */
export const getOrder = withDomainErrors(async (call) => jsonResult(200, await requireOrder(call)));

/** GET /ecom/venda/pedidos/{id}/buscar-pagamentos: what the payment-status page polls, by the order's id. */
export const getOrderPayments = withDomainErrors(async (call) => {
  const order = await getOrderService().getOrderForPayments(requireCustomerId(call), call.id, toApiLang(call.locals.locale));
  if (!order) throw orderError('not_found', 'resourceNotFound');
  const answer: OrderPaymentsView = {
    pedido: order.pedido,
    external_id: order.external_id,
    status: order.status,
    codigo_retirada: order.codigo_retirada,
    link_pagamento: order.link_pagamento,
    pagamentos: order.pagamentos,
  };
  return jsonResult(200, answer);
});
