import type { APIRoute } from 'astro';
import { getMe } from '#server/accounts/routes.ts';

/** POST /ecom/me: the signed-in customer's profile with the active addresses. */
export const POST: APIRoute = getMe;
