import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { logout } from '#server/accounts/routes.ts';

/** POST /ecom/logout: ends the session and clears the cookie. */
export const POST: APIRoute = toAstroRoute(logout);
