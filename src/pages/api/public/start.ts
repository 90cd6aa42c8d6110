import type { APIRoute } from 'astro';
import { getStart } from '#server/catalog/routes.ts';

/** GET /api/public/start (catalogue routes). */
export const GET: APIRoute = getStart;
