import type { APIRoute } from 'astro';
import { getReferenceService, getStateCities } from '#server/reference/index.ts';

/** GET /ecom/endereco/estados/{estado_id}/cidades: the state's cities as `{ data }`. */
export const GET: APIRoute = ({ params, locals }) => getStateCities(getReferenceService(), params.id, locals.locale);
