import type { APIRoute } from 'astro';
import { postBuyerNote } from '#server/buyers/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** POST: a staff note on the customer (admins, audited), JSON or the customer page's form. */
export const POST: APIRoute = toAstroRoute(postBuyerNote, 'uuid');
