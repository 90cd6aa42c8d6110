import type { APIRoute } from 'astro';
import { getShowcaseService, postBanners, requireMediaCaller } from '#server/catalogue-media/index.ts';

/** POST: save banner (multipart `imagem` and fields), order or remove one; admins only. */
export const POST: APIRoute = async (context) => {
  const caller = requireMediaCaller(context);
  if (caller instanceof Response) return caller;
  return postBanners(getShowcaseService(), caller, context.request);
};
