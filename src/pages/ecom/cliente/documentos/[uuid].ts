import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getDocument } from '#server/customer-documents/routes.ts';

/** GET /ecom/cliente/documentos/{uuid}: the owner's identity-document file. */
export const GET: APIRoute = toAstroRoute(getDocument, 'uuid');
