import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getBrands } from '#server/catalog/routes.ts';

/** GET /api/public/brands (catalogue routes). */
export const GET: APIRoute = toAstroRoute(getBrands);
