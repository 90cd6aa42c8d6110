import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { estimateShippingRoute } from '#server/shipping/index.ts';

/** GET /ecom/endereco/frete?cidade_id=: the product page's estimate for a city (no cart, no tokens). */
export const GET: APIRoute = toAstroRoute(estimateShippingRoute);
