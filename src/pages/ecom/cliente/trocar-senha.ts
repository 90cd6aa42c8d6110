import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { resetPassword } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/trocar-senha: a new password through a reset link. */
export const POST: APIRoute = toAstroRoute(resetPassword);
