import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getCategories } from '#server/catalog/routes.ts';

/** GET /api/public/categories (catalogue routes). */
export const GET: APIRoute = toAstroRoute(getCategories);
