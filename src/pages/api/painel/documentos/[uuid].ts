import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getBuyerDocument } from '#server/buyers/routes.ts';

/** GET /api/painel/documentos/{uuid}: an identity document for an admin (audited). */
export const GET: APIRoute = toAstroRoute(getBuyerDocument, 'uuid');
