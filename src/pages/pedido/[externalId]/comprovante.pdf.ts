import type { APIRoute } from 'astro';
import { getReceiptPdf } from '#server/pdf/routes.ts';

/** The order receipt PDF, for its owner only. */
export const GET: APIRoute = getReceiptPdf;
