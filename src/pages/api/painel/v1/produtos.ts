import type { APIRoute } from 'astro';
import { getErpApiService } from '#server/erp-api/index.ts';
import { postProducts, refuseMethod } from '#server/erp-api/routes.ts';

/** ERP API (API key, never a staff or customer session): see /api/painel/v1/openapi.json. */
export const POST: APIRoute = ({ request, url, locals }) => postProducts(getErpApiService(), { request, url, locale: locals.locale });
export const ALL: APIRoute = ({ request, url, locals }) =>
  refuseMethod(getErpApiService(), { request, url, locale: locals.locale }, 'POST');
