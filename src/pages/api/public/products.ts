import type { APIRoute } from 'astro';
import { getProducts } from '#server/catalog/routes.ts';

/** GET /api/public/products (catalogue routes). */
export const GET: APIRoute = getProducts;
