import { toAstroRoute } from '#server/http/api-call.ts';
import { getOpenApiDocument, refuseMethod } from '#server/erp-api/routes.ts';

/** The ERP API's OpenAPI 3.1 document, to any live API key. */
export const GET = toAstroRoute(getOpenApiDocument);
export const ALL = toAstroRoute(refuseMethod('GET'));
