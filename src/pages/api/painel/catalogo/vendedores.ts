import type { APIRoute } from 'astro';
import { postSellers } from '#server/catalogue-media/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** POST: save a seller (name, roles, WhatsApp, photo `imagem`) or remove one; admins only. */
export const POST: APIRoute = toAstroRoute(postSellers);
