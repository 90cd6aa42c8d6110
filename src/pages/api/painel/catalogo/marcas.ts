import type { APIRoute } from 'astro';
import { postBrandLogo } from '#server/catalogue-media/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** POST: save a brand's logo (multipart `imagem`, `id`) or rename it; admins only. */
export const POST: APIRoute = toAstroRoute(postBrandLogo);
