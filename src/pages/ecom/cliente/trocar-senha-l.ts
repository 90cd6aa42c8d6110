import type { APIRoute } from 'astro';
import { changePassword } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/trocar-senha-l: the signed-in customer changes the password. */
export const POST: APIRoute = changePassword;
