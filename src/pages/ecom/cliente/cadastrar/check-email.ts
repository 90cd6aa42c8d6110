import type { APIRoute } from 'astro';
import { checkEmail } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/cadastrar/check-email {email}: 200 when free, 422 otherwise. */
export const POST: APIRoute = checkEmail;
