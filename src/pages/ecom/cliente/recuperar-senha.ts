import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { requestReset } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/recuperar-senha {email}: sends a reset link. */
export const POST: APIRoute = toAstroRoute(requestReset);
