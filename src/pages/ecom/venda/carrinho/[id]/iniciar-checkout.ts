import type { APIRoute } from 'astro';
import { postStartCheckout } from '#server/checkout/routes.ts';

/** POST /ecom/venda/carrinho/{external_id}/iniciar-checkout (checkout routes). */
export const POST: APIRoute = (context) => postStartCheckout(context);
