import type { APIRoute } from 'astro';
import { getDocument } from '#server/accounts/routes.ts';

/** GET /ecom/cliente/documentos/{uuid}: the owner's identity-document file. */
export const GET: APIRoute = getDocument;
