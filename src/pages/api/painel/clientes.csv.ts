import type { APIRoute } from 'astro';
import { getBuyersCsv } from '#server/buyers/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** GET /api/painel/clientes.csv?{filters}: the customers the list's filters match, for admins (audited). */
export const GET: APIRoute = toAstroRoute(getBuyersCsv);
