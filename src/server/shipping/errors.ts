import type { ShippingMessageKey } from '#lib/i18n/shipping.ts';

/** A refused quote; routes turn `key` into the shopper's language (a field error when `field` is set). */
export class ShippingError extends Error {
  readonly status: number;
  readonly key: ShippingMessageKey;
  readonly field: string | undefined;
  constructor(status: number, key: ShippingMessageKey, field?: string) {
    super(key);
    this.status = status;
    this.key = key;
    this.field = field;
  }
}
