import type { APIRoute } from 'astro';
import { getBrands } from '#server/catalog/routes.ts';

/** GET /api/public/brands (catalogue routes). */
export const GET: APIRoute = getBrands;
