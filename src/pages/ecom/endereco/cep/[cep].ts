import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getPostalAddress } from '#server/postal-code/routes.ts';

/** GET /ecom/endereco/cep/{cep}: the address of a CEP, or the manual-choice message. */
export const GET: APIRoute = toAstroRoute(getPostalAddress, 'cep');
