import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { resendConfirmation } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/reenviar-email: a new confirmation link. */
export const POST: APIRoute = toAstroRoute(resendConfirmation);
