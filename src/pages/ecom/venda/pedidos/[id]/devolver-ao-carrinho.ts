import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postOrderBackToCart } from '#server/cart/routes.ts';

/** POST /ecom/venda/pedidos/{external_id}/devolver-ao-carrinho (cart routes): an unpayable order's items back in the cart. */
export const POST: APIRoute = toAstroRoute(postOrderBackToCart);
