import type { APIRoute } from 'astro';
import { getTeam } from '#server/catalog/routes.ts';

/** GET /api/public/team (catalogue routes). */
export const GET: APIRoute = getTeam;
