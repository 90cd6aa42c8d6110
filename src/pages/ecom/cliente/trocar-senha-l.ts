import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { changePassword } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/trocar-senha-l: the signed-in customer changes the password. */
export const POST: APIRoute = toAstroRoute(changePassword);
