// The cart endpoints of the contract (storefront spec section 7), framework-free: Astro's
// endpoint files and server.mjs's fast routes both run these.
import type { ApiCall } from '../http/api-call.ts';
import { jsonResult, readJsonBody, readQuery, type ApiResult } from '../http/responses.ts';
import { CartError } from './cart-errors.ts';
import { CartBodySchema, CartQuerySchema, checkExternalId, getActor, toCartErrorResult } from './cart-http.ts';
import { getCartService } from './services.ts';
import { toId } from '../../lib/contract/input.ts';

/** POST /ecom/venda/carrinho: creates the cart under the client's external id. */
export async function postCart({ body, locals }: ApiCall): Promise<ApiResult> {
  const parsed = await readJsonBody(body, CartBodySchema, locals.locale);
  if (!parsed.ok) return parsed.result;
  const input = parsed.data;
  const weak = checkExternalId(input.external_id, locals.locale);
  if (weak) return weak;
  try {
    const cart = await getCartService().createCart(
      { externalId: input.external_id, currencyId: input.moeda_id, items: input.itens },
      getActor(locals),
    );
    return jsonResult(201, cart);
  } catch (error) {
    return toCartErrorResult(error, locals.locale);
  }
}

/** GET /ecom/venda/carrinho/{externalId}?moeda_id=: the cart, 404 when unknown. */
export async function getCart({ id, url, locals }: ApiCall): Promise<ApiResult> {
  const query = readQuery(url.searchParams, CartQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  const weak = checkExternalId(id, locals.locale);
  if (weak) return weak;
  try {
    return jsonResult(200, await getCartService().getCart(id, query.data.moeda_id, getActor(locals, query.data.lang)));
  } catch (error) {
    return toCartErrorResult(error, locals.locale);
  }
}

/**
 * PUT /ecom/venda/carrinho/{cartId}: the whole cart again. The path holds the numeric cart id
 * of the contract (or the external id); the body's external id must name the same cart.
 */
export async function putCart({ id, body, locals }: ApiCall): Promise<ApiResult> {
  const parsed = await readJsonBody(body, CartBodySchema, locals.locale);
  if (!parsed.ok) return parsed.result;
  const input = parsed.data;
  const weak = checkExternalId(input.external_id, locals.locale);
  if (weak) return weak;
  const numericId = toId(id) ?? undefined;
  try {
    if (numericId === undefined && id !== input.external_id) throw new CartError(404, 'cartNotFound');
    const cart = await getCartService().updateCart(
      { externalId: input.external_id, cartId: numericId ?? input.id, currencyId: input.moeda_id, items: input.itens },
      getActor(locals),
    );
    return jsonResult(200, cart);
  } catch (error) {
    return toCartErrorResult(error, locals.locale);
  }
}
