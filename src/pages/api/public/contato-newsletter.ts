import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postNewsletterContact } from '#server/catalog/routes.ts';

/** POST /api/public/contato-newsletter: offers signup (catalogue routes). */
export const POST: APIRoute = toAstroRoute(postNewsletterContact);
