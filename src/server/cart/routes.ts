// The cart endpoints of the contract (storefront spec section 7), framework-free: Astro's
// endpoint files and server.mjs's fast routes both run these.
import type { ApiCall } from '../http/api-call.ts';
import { errorResult, jsonResult, readJsonBody, readQuery, type ApiResult } from '../http/responses.ts';
import { cartError } from './errors.ts';
import { CartBodySchema, CartQuerySchema } from '#lib/contract/cart-schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorResult } from '../http/error-result.ts';
import { getCartService } from './index.ts';
import { createExternalId, EXTERNAL_ID_PATTERN, getMaxQuantity } from '#lib/contract/cart.ts';
import { toId } from '#lib/contract/input.ts';
import { cartMessages } from '#lib/i18n/cart.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';
import { toSafeRedirect } from '#lib/safe-redirect.ts';
import { isSecureOrigin } from '../storefront-hosts.ts';
import type { CookieChange } from '../http/responses.ts';
import type { CartActor, SignInCart } from './service.ts';
import { getOrderService } from '../orders/index.ts';
import { orderError } from '../orders/errors.ts';
import { withDomainErrors } from '../http/error-result.ts';

/** The cart's external id also rides in this cookie (set by the browser store and the no-JS form). */
export const CART_COOKIE = 'fronteira_cart';
const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 60;

export function readCartCookie(value: string | undefined): string | null {
  return value && EXTERNAL_ID_PATTERN.test(value) ? value : null;
}

function getOrCreateCartId(value: string | undefined): { externalId: string; created: boolean } {
  const existing = readCartCookie(value);
  return existing ? { externalId: existing, created: false } : { externalId: createExternalId(), created: true };
}

/**
 * The one-page notice of what signing in did to the carts (issue 35): read and cleared by the
 * header's cart script on the next page (src/islands/cart/header-cart.ts reads the same name).
 */
export const CART_MERGED_COOKIE = 'fronteira_cart_merged';

/**
 * Signing in (POST /ecom/login and the no-JS /login form): the browser's guest cart goes into the
 * account's cart, whose id the cart cookie carries from now on, and the next page is told what
 * changed.
 */
export async function toSignInCartCookies(
  url: URL,
  cookies: { get(name: string): string | undefined },
  customerId: number,
  locale: Locale,
): Promise<CookieChange[]> {
  const guest = readCartCookie(cookies.get(CART_COOKIE));
  return toCartCookies(url, await getCartService().adoptOnSignIn(customerId, guest, toApiLang(locale)));
}

/** The cart cookie naming `adopted`'s cart, and the next page's notice of what went into it. */
function toCartCookies(url: URL, adopted: SignInCart): CookieChange[] {
  if (!adopted.externalId) return [];
  const secure = isSecureOrigin(url);
  const changes: CookieChange[] = [
    {
      name: CART_COOKIE,
      value: adopted.externalId,
      options: { path: '/', maxAge: CART_COOKIE_MAX_AGE_S, sameSite: 'lax', httpOnly: false, secure },
    },
  ];
  if (adopted.added + adopted.capped.length + adopted.dropped.length > 0) {
    // Astro encodes cookie values (encodeURIComponent); the page script decodes it.
    const notice = JSON.stringify({ n: adopted.added, capped: adopted.capped, dropped: adopted.dropped });
    changes.push({
      name: CART_MERGED_COOKIE,
      value: notice,
      options: { path: '/', maxAge: 300, sameSite: 'lax', httpOnly: false, secure },
    });
  }
  return changes;
}

/** Where the no-JS add-to-cart form goes back to: a path of this shop, else the cart. */
function toCartReturnPath(value: unknown): string {
  return toSafeRedirect(value, '/carrinho');
}

function getActor(locals: Pick<App.Locals, 'customer' | 'locale'>, lang?: 'pt' | 'es'): CartActor {
  return { customerId: locals.customer?.id ?? null, lang: lang ?? toApiLang(locals.locale) };
}

/** 400 for an external id weaker than 128 bits (or not base64url); shipping's routes check the same. */
export function checkExternalId(externalId: string, locale: Locale): ApiResult | null {
  if (EXTERNAL_ID_PATTERN.test(externalId)) return null;
  const message = createTranslator(cartMessages, locale)('externalIdWeak');
  return errorResult(400, message, { external_id: [message] });
}

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
      {
        externalId: input.external_id,
        cartId: numericId ?? input.id,
        currencyId: input.moeda_id,
        items: input.itens,
        version: input.versao,
      },
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
  url: URL;
  cookies: {
    get(name: string): { value: string } | undefined;
    set(name: string, value: string, options: { path: string; maxAge: number; sameSite: 'lax'; httpOnly: boolean; secure: boolean }): void;
    delete(name: string, options: { path: string }): void;
  };
  locals: App.Locals;
  redirect(path: string, status: 303): Response;
}

/**
 * POST /carrinho/adicionar (form: produto_id, qtde, redirect): the add-to-cart form without
 * JavaScript. Adds to the cookie's cart (capped at min(99, stock)) and goes back (303).
 */
export async function postAddToCartForm({ request, url, cookies, locals, redirect }: FormCall): Promise<Response> {
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
    cookies.set(CART_COOKIE, externalId, {
      path: '/',
      maxAge: CART_COOKIE_MAX_AGE_S,
      sameSite: 'lax',
      httpOnly: false,
      secure: isSecureOrigin(url),
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.kind === 'forbidden') cookies.delete(CART_COOKIE, { path: '/' });
  }
  return redirect(back, 303);
}

/**
 * POST /ecom/venda/pedidos/{external_id}/devolver-ao-carrinho: the signed-in buyer's order that
 * can no longer be paid (its reservation ended, issue 35) back in the account's cart; the cart
 * cookie names that cart and the next page says what went in.
 */
export const postOrderBackToCart = withDomainErrors(async ({ id, url, locals }: ApiCall): Promise<ApiResult> => {
  if (!locals.customer) throw orderError('unauthenticated', 'loginRequired');
  const lang = toApiLang(locals.locale);
  const order = await getOrderService().getOrder(locals.customer.id, id, lang);
  if (!order || !['PAGAMENTO', 'CANCELADO'].includes(order.status)) throw orderError('not_found', 'resourceNotFound');
  const items = order.itens.map((item) => ({ productId: item.produto.id, quantity: item.qtde }));
  const adopted = await getCartService().putBackInCart(locals.customer.id, items, locals.currencyId, lang);
  return { ...jsonResult(200, { external_id: adopted.externalId }), cookies: toCartCookies(url, adopted) };
});
