import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getOrderPayments } from '#server/orders/routes.ts';

/** GET /ecom/venda/pedidos/{id}/buscar-pagamentos: the order's payment status, polled by the status page. */
export const GET: APIRoute = toAstroRoute(getOrderPayments);
