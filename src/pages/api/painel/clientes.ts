import type { APIRoute } from 'astro';
import { getBuyerList } from '#server/buyers/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** GET: one page of the filtered customer list, JSON (admins). */
export const GET: APIRoute = toAstroRoute(getBuyerList);
