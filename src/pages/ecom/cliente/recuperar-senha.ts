import type { APIRoute } from 'astro';
import { requestReset } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/recuperar-senha {email}: sends a reset link. */
export const POST: APIRoute = requestReset;
