import type { APIRoute } from 'astro';
import { updateProfile } from '#server/accounts/routes.ts';

/** POST /ecom/cliente/update-profile (multipart). */
export const POST: APIRoute = updateProfile;
