import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getTicketPdf } from '#server/pdf/routes.ts';

/** The pickup ticket PDF of the signed-in customer's paid order. */
export const GET: APIRoute = toAstroRoute(getTicketPdf, 'externalId');
