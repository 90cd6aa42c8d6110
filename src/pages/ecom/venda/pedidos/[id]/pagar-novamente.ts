import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postPayAgain } from '#server/checkout/routes.ts';

/** POST /ecom/venda/pedidos/{external_id}/pagar-novamente (checkout routes): another method for an unpaid order. */
export const POST: APIRoute = toAstroRoute(postPayAgain);
