import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { confirmEmail } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/confirmar-email/{uid}/{token}: confirms the e-mail. */
export const POST: APIRoute = toAstroRoute(confirmEmail);
