import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postTransition } from '#server/order-desk/routes.ts';

/** POST: one order transition (ship, hand over, cancel, refund), JSON or the panel's forms. */
export const POST: APIRoute = toAstroRoute(postTransition, 'number');
