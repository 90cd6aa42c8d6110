import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { calculateShippingRoute } from '#server/shipping/index.ts';

/** PUT .../calcular-frete (server.mjs serves it too, without Astro: fast-routes.ts). */
export const PUT: APIRoute = toAstroRoute(calculateShippingRoute);
