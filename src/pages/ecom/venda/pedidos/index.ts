import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { listOrders } from '#server/orders/routes.ts';

/** GET /ecom/venda/pedidos: the signed-in customer's orders, newest first. */
export const GET: APIRoute = toAstroRoute(listOrders);
