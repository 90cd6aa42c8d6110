import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postPartialRefund } from '#server/order-desk/routes.ts';

/** POST: an admin refunds chosen quantities of the order's lines, JSON or the panel's form. */
export const POST: APIRoute = toAstroRoute(postPartialRefund, 'number');
