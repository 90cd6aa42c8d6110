import type { APIRoute } from 'astro';
import { getBuyerDocument } from '#server/buyers/routes.ts';

/** GET /api/painel/documentos/{uuid}: an identity document for an admin (audited). */
export const GET: APIRoute = getBuyerDocument;
