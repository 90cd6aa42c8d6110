import type { APIRoute } from 'astro';
import { getErpApiService } from '#server/erp-api/index.ts';
import { getPaidOrders, refuseMethod } from '#server/erp-api/routes.ts';

/** ERP API (API key, never a staff or customer session): see /api/painel/v1/openapi.json. */
export const GET: APIRoute = ({ request, url, locals }) => getPaidOrders(getErpApiService(), { request, url, locale: locals.locale });
export const ALL: APIRoute = ({ request, url, locals }) => refuseMethod(getErpApiService(), { request, url, locale: locals.locale }, 'GET');
