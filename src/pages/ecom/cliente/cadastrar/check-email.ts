import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { checkEmail } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/cadastrar/check-email {email}: 200 when free, 422 otherwise. */
export const POST: APIRoute = toAstroRoute(checkEmail);
