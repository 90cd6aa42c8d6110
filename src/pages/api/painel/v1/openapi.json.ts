import type { APIRoute } from 'astro';
import { getErpApiService } from '#server/erp-api/index.ts';
import { getErpOpenApiDocument } from '#lib/contract/erp-api-openapi.ts';
import { getOpenApiDocument, refuseMethod } from '#server/erp-api/routes.ts';

/** The ERP API's OpenAPI 3.1 document, to any live API key. */
export const GET: APIRoute = ({ request, url, locals }) =>
  getOpenApiDocument(getErpApiService(), { request, url, locale: locals.locale }, getErpOpenApiDocument);
export const ALL: APIRoute = ({ request, url, locals }) => refuseMethod(getErpApiService(), { request, url, locale: locals.locale }, 'GET');
