import type { APIRoute } from 'astro';
import { getCategories } from '#server/catalog/routes.ts';

/** GET /api/public/categories (catalogue routes). */
export const GET: APIRoute = getCategories;
