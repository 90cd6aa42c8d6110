import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postStartCheckout } from '#server/checkout/routes.ts';

/** POST /ecom/venda/carrinho/{external_id}/iniciar-checkout (checkout routes). */
export const POST: APIRoute = toAstroRoute(postStartCheckout);
