import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { updateProfile } from '#server/profile/routes.ts';

/** POST /ecom/cliente/update-profile (multipart). */
export const POST: APIRoute = toAstroRoute(updateProfile);
