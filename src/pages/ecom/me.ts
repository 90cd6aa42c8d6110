import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getMe } from '#server/profile/routes.ts';

/** POST /ecom/me: the signed-in customer's profile with the active addresses. */
export const POST: APIRoute = toAstroRoute(getMe);
