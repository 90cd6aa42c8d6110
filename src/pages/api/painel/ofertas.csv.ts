import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getOfferSignupsCsv } from '#server/offer-signups/routes.ts';

/** GET /api/painel/ofertas.csv: every offers sign-up, for admins (audited). */
export const GET: APIRoute = toAstroRoute(getOfferSignupsCsv);
