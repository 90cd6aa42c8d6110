import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getOrderEvents, refuseMethod } from '#server/erp-api/routes.ts';

/** ERP API (API key, never a staff or customer session): see /api/painel/v1/openapi.json. */
export const GET: APIRoute = toAstroRoute(getOrderEvents);
export const ALL: APIRoute = toAstroRoute(refuseMethod('GET'));
