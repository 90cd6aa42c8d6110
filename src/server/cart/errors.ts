import type { CartMessageKey } from '../../lib/i18n/cart.ts';

/** A refused cart operation: HTTP status, a message key of the cart catalogue and its field. */
export class CartError extends Error {
  readonly status: number;
  readonly key: CartMessageKey;
  readonly params: Record<string, string | number>;
  readonly field: string | undefined;

  constructor(status: number, key: CartMessageKey, options: { params?: Record<string, string | number>; field?: string } = {}) {
    super(key);
    this.status = status;
    this.key = key;
    this.params = options.params ?? {};
    this.field = options.field;
  }
}
