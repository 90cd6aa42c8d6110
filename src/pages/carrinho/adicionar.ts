import type { APIRoute } from 'astro';
import { getMaxQuantity } from '../../lib/contract/cart.ts';
import { toId } from '../../lib/contract/input.ts';
import { getActor } from '../../server/cart/cart-http.ts';
import { CartError } from '../../server/cart/cart-errors.ts';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, getOrCreateCartId, toCartReturnPath } from '../../server/cart/cart-cookie.ts';
import { getCartService } from '../../server/cart/services.ts';

/**
 * POST /carrinho/adicionar (form: produto_id, qtde, redirect): the add-to-cart form without
 * JavaScript. Adds to the cookie's cart (capped at min(99, stock)) and goes back (303).
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
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
    if (!(error instanceof CartError)) throw error;
    if (error.status === 403) cookies.delete(CART_COOKIE, { path: '/' });
  }
  return redirect(back, 303);
};
