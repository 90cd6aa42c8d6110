import type { APIRoute } from 'astro';
import { getPictureFile } from '#server/catalogue-media/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** GET /img/f/{hash}-{width}.webp: one width of a stored picture. */
export const GET: APIRoute = toAstroRoute(getPictureFile, 'file');
