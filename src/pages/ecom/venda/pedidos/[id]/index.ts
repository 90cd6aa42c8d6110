import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getOrder } from '#server/orders/routes.ts';

/** GET /ecom/venda/pedidos/{id}: one order of the signed-in customer (404 for anybody else's). */
export const GET: APIRoute = toAstroRoute(getOrder);
