import type { APIRoute } from 'astro';
import { postNewsletterContact } from '#server/catalog/routes.ts';

/** POST /api/public/contato-newsletter: offers signup (catalogue routes). */
export const POST: APIRoute = postNewsletterContact;
