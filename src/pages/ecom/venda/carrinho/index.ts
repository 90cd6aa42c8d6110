import type { APIRoute } from 'astro';
import { postCart } from '#server/cart/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** POST /ecom/venda/carrinho (server.mjs serves it too, without Astro: fast-routes.ts). */
export const POST: APIRoute = toAstroRoute(postCart);
