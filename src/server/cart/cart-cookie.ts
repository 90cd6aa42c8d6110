import { toSafeRedirect } from '#lib/safe-redirect.ts';
import { createExternalId, EXTERNAL_ID_PATTERN } from '#lib/contract/cart.ts';

/** The cart's external id also rides in this cookie (set by the browser store and the no-JS form). */
export const CART_COOKIE = 'fronteira_cart';
export const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 60;

export function readCartCookie(value: string | undefined): string | null {
  return value && EXTERNAL_ID_PATTERN.test(value) ? value : null;
}

export function getOrCreateCartId(value: string | undefined): { externalId: string; created: boolean } {
  const existing = readCartCookie(value);
  return existing ? { externalId: existing, created: false } : { externalId: createExternalId(), created: true };
}

/** Where the no-JS add-to-cart form goes back to: a path of this shop, else the cart. */
export function toCartReturnPath(value: unknown): string {
  return toSafeRedirect(value, '/carrinho');
}
