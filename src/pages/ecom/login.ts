import type { APIRoute } from 'astro';
import { login } from '#server/accounts/routes.ts';

/** POST /ecom/login {email, password} -> {token, user}; sets the session cookie. */
export const POST: APIRoute = login;
