import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postManualRefund } from '#server/order-desk/routes.ts';

/** POST: how and when an admin gave back a payment the gateway could not refund, JSON or the panel's form. */
export const POST: APIRoute = toAstroRoute(postManualRefund, 'number');
