import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postCityByCode } from '#server/reference/routes.ts';

/** POST /ecom/endereco/cidade-por-codigo: the city of a municipality code. */
export const POST: APIRoute = toAstroRoute(postCityByCode);
