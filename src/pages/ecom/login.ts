import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { login } from '#server/accounts/routes.ts';

/** POST /ecom/login {email, password} -> {token, user}; sets the session cookie. */
export const POST: APIRoute = toAstroRoute(login);
