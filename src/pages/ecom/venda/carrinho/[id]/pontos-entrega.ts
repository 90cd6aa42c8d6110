import type { APIRoute } from 'astro';
import { toAstroRoute } from '../../../../../server/http/api-call.ts';
import { listPickupPoints } from '../../../../../server/shipping/shipping-routes.ts';

/** GET .../pontos-entrega (server.mjs serves it too, without Astro: fast-routes.ts). */
export const GET: APIRoute = toAstroRoute(listPickupPoints);
