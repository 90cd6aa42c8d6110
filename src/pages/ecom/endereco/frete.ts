import type { APIRoute } from 'astro';
import { estimateShippingRoute } from '#server/shipping/index.ts';

/** GET /ecom/endereco/frete?cidade_id=: the product page's estimate for a city (no cart, no tokens). */
export const GET: APIRoute = ({ url, locals }) => estimateShippingRoute({ url, locals });
