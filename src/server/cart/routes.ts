// The cart endpoints of the contract (storefront spec section 7), framework-free: Astro's
// endpoint files and server.mjs's fast routes both run these.
import type { ApiCall } from '../http/api-call.ts';
import { jsonResult, readJsonBody, readQuery, type ApiResult } from '../http/responses.ts';
import { cartError } from './errors.ts';
import { CartBodySchema, CartQuerySchema } from '#lib/contract/cart-schema.ts';
import { checkExternalId, getActor } from './cart-http.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorResult } from '../http/error-result.ts';
import { getCartService } from './index.ts';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, getOrCreateCartId, toCartReturnPath } from './cart-cookie.ts';
import { getMaxQuantity } from '#lib/contract/cart.ts';
import { toId } from '#lib/contract/input.ts';
import type { RequestLocals } from '../entry/request-context.ts';

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
    return toErrorResult(error, locals.locale);
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
    return toErrorResult(error, locals.locale);
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
    if (numericId === undefined && id !== input.external_id) throw cartError('not_found', 'cartNotFound');
    const cart = await getCartService().updateCart(
      { externalId: input.external_id, cartId: numericId ?? input.id, currencyId: input.moeda_id, items: input.itens },
      getActor(locals),
    );
    return jsonResult(200, cart);
  } catch (error) {
    return toErrorResult(error, locals.locale);
  }
}

/** What the no-JS form handler needs of a request: the shape of Astro's context, no more. */
export interface FormCall {
  request: Request;
  cookies: {
    get(name: string): { value: string } | undefined;
    set(name: string, value: string, options: { path: string; maxAge: number; sameSite: 'lax'; httpOnly: boolean }): void;
    delete(name: string, options: { path: string }): void;
  };
  locals: RequestLocals;
  redirect(path: string, status: 303): Response;
}

/**
 * POST /carrinho/adicionar (form: produto_id, qtde, redirect): the add-to-cart form without
 * JavaScript. Adds to the cookie's cart (capped at min(99, stock)) and goes back (303).
 */
export async function postAddToCartForm({ request, cookies, locals, redirect }: FormCall): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const back = toCartReturnPath(form?.get('redirect'));
  const productId = toId(String(form?.get('produto_id') ?? ''));
  const quantity = Math.floor(Number(form?.get('qtde') ?? 1));
  if (productId === null || !Number.isFinite(quantity) || quantity < 1) return redirect(back, 303);
  const { externalId } = getOrCreateCartId(cookies.get(CART_COOKIE)?.value);
  try {
    await getCartService().addItem(
      { externalId, currencyId: locals.currencyId, productId, quantity: Math.min(quantity, getMaxQuantity()) },
      getActor(locals),
    );
    cookies.set(CART_COOKIE, externalId, { path: '/', maxAge: CART_COOKIE_MAX_AGE_S, sameSite: 'lax', httpOnly: false });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.kind === 'forbidden') cookies.delete(CART_COOKIE, { path: '/' });
  }
  return redirect(back, 303);
}
