import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { listPickupPointsRoute } from '#server/shipping/index.ts';

/** GET .../pontos-entrega (server.mjs serves it too, without Astro: fast-routes.ts). */
export const GET: APIRoute = toAstroRoute(listPickupPointsRoute);
