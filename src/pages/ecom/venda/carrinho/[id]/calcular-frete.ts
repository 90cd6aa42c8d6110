import type { APIRoute } from 'astro';
import { toAstroRoute } from '../../../../../server/http/api-call.ts';
import { calculateShipping } from '../../../../../server/shipping/shipping-routes.ts';

/** PUT .../calcular-frete (server.mjs serves it too, without Astro: fast-routes.ts). */
export const PUT: APIRoute = toAstroRoute(calculateShipping);
