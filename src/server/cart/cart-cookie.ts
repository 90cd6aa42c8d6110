import { createExternalId, EXTERNAL_ID_PATTERN } from '../../lib/contract/cart.ts';

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

/** Only a local path may be a redirect target (no scheme, no '//' host). */
export function toSafeRedirect(value: unknown, fallback = '/carrinho'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
