import type { APIRoute } from 'astro';
import { getCart, putCart } from '#server/cart/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** GET and PUT /ecom/venda/carrinho/{id} (server.mjs serves them too, without Astro: fast-routes.ts). */
export const GET: APIRoute = toAstroRoute(getCart);
export const PUT: APIRoute = toAstroRoute(putCart);
