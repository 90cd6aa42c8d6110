import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getRates, putRates, refuseMethod } from '#server/erp-api/routes.ts';

/** ERP API (API key, never a staff or customer session): see /api/painel/v1/openapi.json. */
export const GET: APIRoute = toAstroRoute(getRates);
export const PUT: APIRoute = toAstroRoute(putRates);
export const ALL: APIRoute = toAstroRoute(refuseMethod('GET, PUT'));
