import type { APIRoute } from 'astro';
import { favouritesMessages } from '../../../lib/i18n/favourites.ts';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import { getFavouritesService } from '../../../server/favourites/services.ts';
import { jsonError } from '../../../server/http/responses.ts';
import { toId } from '../../../lib/contract/input.ts';

/**
 * DELETE /ecom/favoritos/{id}: removes the customer's favourite with that id;
 * `?by=produto` reads {id} as the product id instead (what a heart toggle knows).
 */
export const DELETE: APIRoute = async ({ params, url, locals }) => {
  const t = createTranslator(favouritesMessages, locals.locale);
  if (!locals.customer) return jsonError(401, t('loginRequired'));
  const id = toId(params.id);
  if (id === null) return jsonError(404, t('favouriteNotFound'));
  const service = getFavouritesService();
  const removed = url.searchParams.get('by') === 'produto'
    ? await service.removeFavouriteByProduct(locals.customer.id, id)
    : await service.removeFavourite(locals.customer.id, id);
  return removed ? new Response(null, { status: 204 }) : jsonError(404, t('favouriteNotFound'));
};
