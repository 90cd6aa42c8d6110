import type { APIRoute } from 'astro';
import { getShowcaseService, postBrandLogo, requireMediaCaller } from '#server/catalogue-media/index.ts';

/** POST: save a brand's logo (multipart `imagem`, `id`); admins only. */
export const POST: APIRoute = async (context) => {
  const caller = requireMediaCaller(context);
  if (caller instanceof Response) return caller;
  return postBrandLogo(getShowcaseService(), caller, context.request);
};
