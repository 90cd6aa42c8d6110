import type { APIRoute } from 'astro';
import { logout } from '#server/accounts/routes.ts';

/** POST /ecom/logout: ends the session and clears the cookie. */
export const POST: APIRoute = logout;
