import type { APIRoute } from 'astro';
import { CartBodySchema, CartQuerySchema, checkExternalId, getActor, toCartErrorResponse } from '../../../../server/cart/cart-http.ts';
import { CartError } from '../../../../server/cart/cart-errors.ts';
import { getCartService } from '../../../../server/cart/services.ts';
import { json, parseJsonBody, parseQuery } from '../../../../server/http/responses.ts';

/** GET /ecom/venda/carrinho/{externalId}?moeda_id=: the cart, 404 when unknown. */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const query = parseQuery(url, CartQuerySchema, locals.locale);
  if (!query.ok) return query.response;
  const externalId = params.id ?? '';
  const weak = checkExternalId(externalId, locals.locale);
  if (weak) return weak;
  try {
    return json(await getCartService().getCart(externalId, query.data.moeda_id, getActor(locals, query.data.lang)));
  } catch (error) {
    return toCartErrorResponse(error, locals.locale);
  }
};

/**
 * PUT /ecom/venda/carrinho/{cartId}: the whole cart again. The path holds the numeric cart id
 * of the contract (or the external id); the body's external id must name the same cart.
 */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const parsed = await parseJsonBody(request, CartBodySchema, locals.locale);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const weak = checkExternalId(body.external_id, locals.locale);
  if (weak) return weak;
  const pathId = params.id ?? '';
  const numericId = /^\d{1,15}$/.test(pathId) ? Number(pathId) : undefined;
  if (numericId === undefined && pathId !== body.external_id) {
    return toCartErrorResponse(new CartError(404, 'cartNotFound'), locals.locale);
  }
  try {
    const cart = await getCartService().updateCart(
      { externalId: body.external_id, cartId: numericId ?? body.id, currencyId: body.moeda_id, items: body.itens },
      getActor(locals),
    );
    return json(cart);
  } catch (error) {
    return toCartErrorResponse(error, locals.locale);
  }
};
