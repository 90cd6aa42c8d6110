import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getStates } from '#server/reference/routes.ts';

/** GET /ecom/endereco/estados?pais_id=: states as `{ data }`. */
export const GET: APIRoute = toAstroRoute(getStates);
