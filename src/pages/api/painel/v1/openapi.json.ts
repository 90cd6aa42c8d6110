import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getOpenApiDocument, refuseMethod } from '#server/erp-api/routes.ts';

/** The ERP API's OpenAPI 3.1 document, to any live API key. */
export const GET: APIRoute = toAstroRoute(getOpenApiDocument);
export const ALL: APIRoute = toAstroRoute(refuseMethod('GET'));
