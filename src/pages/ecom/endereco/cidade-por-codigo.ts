import type { APIRoute } from 'astro';
import { getReferenceService, postCityByCode } from '#server/reference/index.ts';

/** POST /ecom/endereco/cidade-por-codigo: the city of a municipality code. */
export const POST: APIRoute = ({ request, locals }) => postCityByCode(getReferenceService(), request, locals.locale);
