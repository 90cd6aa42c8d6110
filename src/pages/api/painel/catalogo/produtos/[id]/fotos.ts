import type { APIRoute } from 'astro';
import { getCatalogueMediaService, postProductPictures, requireMediaCaller } from '#server/catalogue-media/index.ts';

/** POST: add a picture (multipart `imagem`), or order/remove one (`acao`, `url`); admins only. */
export const POST: APIRoute = async (context) => {
  const caller = requireMediaCaller(context);
  if (caller instanceof Response) return caller;
  return postProductPictures(getCatalogueMediaService(), caller, context.params.id ?? '', context.request);
};
