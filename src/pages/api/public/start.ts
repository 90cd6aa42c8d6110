import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getStart } from '#server/catalog/routes.ts';

/** GET /api/public/start (catalogue routes). */
export const GET: APIRoute = toAstroRoute(getStart);
