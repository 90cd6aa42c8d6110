import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getStateCities } from '#server/reference/routes.ts';

/** GET /ecom/endereco/estados/{estado_id}/cidades: the state's cities as `{ data }`. */
export const GET: APIRoute = toAstroRoute(getStateCities);
