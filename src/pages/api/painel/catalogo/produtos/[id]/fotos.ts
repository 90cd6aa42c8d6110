import type { APIRoute } from 'astro';
import { postProductPictures } from '#server/catalogue-media/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** POST: add a picture (multipart `imagem`), or order/remove one (`acao`, `url`); admins only. */
export const POST: APIRoute = toAstroRoute(postProductPictures);
