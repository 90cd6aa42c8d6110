import type { APIRoute } from 'astro';
import { getReferenceService, getStates } from '#server/reference/index.ts';

/** GET /ecom/endereco/estados?pais_id=: states as `{ data }`. */
export const GET: APIRoute = ({ url, locals }) => getStates(getReferenceService(), url, locals.locale);
