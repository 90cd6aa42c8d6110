import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getProductDetails } from '#server/catalog/routes.ts';

/** GET /api/public/products/{id}/details (catalogue routes). */
export const GET: APIRoute = toAstroRoute(getProductDetails);
