import type { APIRoute } from 'astro';
import { postBanners } from '#server/catalogue-media/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** POST: save banner (multipart `imagem` and fields), order or remove one; admins only. */
export const POST: APIRoute = toAstroRoute(postBanners);
