import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getProducts } from '#server/catalog/routes.ts';

/** GET /api/public/products (catalogue routes). */
export const GET: APIRoute = toAstroRoute(getProducts);
