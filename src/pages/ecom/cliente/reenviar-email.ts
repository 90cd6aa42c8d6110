import type { APIRoute } from 'astro';
import { resendConfirmation } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/reenviar-email: a new confirmation link. */
export const POST: APIRoute = resendConfirmation;
