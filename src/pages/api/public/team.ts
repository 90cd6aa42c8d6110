import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { getTeam } from '#server/catalog/routes.ts';

/** GET /api/public/team (catalogue routes). */
export const GET: APIRoute = toAstroRoute(getTeam);
