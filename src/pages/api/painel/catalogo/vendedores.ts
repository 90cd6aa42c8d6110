import type { APIRoute } from 'astro';
import { getShowcaseService, postSellers, requireMediaCaller } from '#server/catalogue-media/index.ts';

/** POST: save a seller (name, roles, WhatsApp, photo `imagem`) or remove one; admins only. */
export const POST: APIRoute = async (context) => {
  const caller = requireMediaCaller(context);
  if (caller instanceof Response) return caller;
  return postSellers(getShowcaseService(), caller, context.request);
};
