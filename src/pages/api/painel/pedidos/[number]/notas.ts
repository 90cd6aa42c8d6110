import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postOrderNote } from '#server/order-desk/routes.ts';

/** POST: a staff note on the order's timeline (audited), JSON or the order page's form. */
export const POST: APIRoute = toAstroRoute(postOrderNote, 'number');
