import type { APIRoute } from 'astro';
import { getProductDetails } from '#server/catalog/routes.ts';

/** GET /api/public/products/{id}/details (catalogue routes). */
export const GET: APIRoute = getProductDetails;
