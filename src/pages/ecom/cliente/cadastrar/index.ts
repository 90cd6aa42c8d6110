import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { register } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/cadastrar (multipart: the registration fields, files frente and verso). */
export const POST: APIRoute = toAstroRoute(register);
