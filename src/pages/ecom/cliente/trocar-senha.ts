import type { APIRoute } from 'astro';
import { resetPassword } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/trocar-senha: a new password through a reset link. */
export const POST: APIRoute = resetPassword;
