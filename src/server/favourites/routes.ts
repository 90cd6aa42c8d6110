// The favourites endpoints of the contract (/ecom/favoritos), framework-free (decision 0720).
import { FavouriteBodySchema } from '#lib/contract/favourites.ts';
import { toId } from '#lib/contract/input.ts';
import { toApiLang } from '#lib/locale.ts';
import type { ApiCall } from '../http/api-call.ts';
import { withDomainErrors } from '../http/error-result.ts';
import { jsonResult, readJsonBody } from '../http/responses.ts';
import { favouriteError } from './errors.ts';
import { getFavouritesService } from './index.ts';

function requireCustomerId({ locals }: ApiCall): number {
  if (!locals.customer) throw favouriteError('unauthenticated', 'loginRequired');
  return locals.customer.id;
}

/** GET /ecom/favoritos: the signed-in customer's favourites as `{ data }`. */
export const listFavourites = withDomainErrors(async (call) => {
  const customerId = requireCustomerId(call);
  return jsonResult(200, { data: await getFavouritesService().listFavourites(customerId, toApiLang(call.locals.locale)) });
});

/** POST /ecom/favoritos {produto_id}: adds (idempotent) and answers `{ id, produto_id }`. */
export const addFavourite = withDomainErrors(async (call) => {
  const customerId = requireCustomerId(call);
  const parsed = await readJsonBody(call.body, FavouriteBodySchema, call.locals.locale);
  if (!parsed.ok) return parsed.result;
  const added = await getFavouritesService().addFavourite(customerId, parsed.data.produto_id);
  if (!added) throw favouriteError('invalid', 'productNotFound', { field: 'produto_id' });
  return jsonResult(201, added);
});

/**
 * DELETE /ecom/favoritos/{id}: removes the customer's favourite with that id;
 * `?by=produto` reads {id} as the product id instead (what a heart toggle knows).
 */
export const removeFavourite = withDomainErrors(async (call) => {
  const customerId = requireCustomerId(call);
  const id = toId(call.id);
  if (id === null) throw favouriteError('not_found', 'favouriteNotFound');
  const service = getFavouritesService();
  const removed =
    call.url.searchParams.get('by') === 'produto'
      ? await service.removeFavouriteByProduct(customerId, id)
      : await service.removeFavourite(customerId, id);
  if (!removed) throw favouriteError('not_found', 'favouriteNotFound');
  return { status: 204, body: null };
});
