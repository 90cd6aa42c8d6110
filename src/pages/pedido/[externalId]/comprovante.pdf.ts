import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getReceiptPdf } from '#server/pdf/routes.ts';

/** The order receipt PDF, for its owner only. */
export const GET: APIRoute = toAstroRoute(getReceiptPdf, 'externalId');
