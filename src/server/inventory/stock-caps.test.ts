import { describe, expect, it } from 'vitest';
import { capAddition, checkLineQuantity, getLineCap } from './stock-caps.ts';

const product = (stock: number, show_price = true) => ({ stock, show_price });

describe('the line cap: min(99, stock) for a product sold at a shown price', () => {
  it('caps by stock under 99 and by 99 above it; nothing for a product that cannot be sold', () => {
    expect(getLineCap(product(7))).toBe(7);
    expect(getLineCap(product(5000))).toBe(99);
    expect(getLineCap(product(0))).toBe(0);
    expect(getLineCap(product(50, false))).toBe(0);
    expect(getLineCap(undefined)).toBe(0);
  });

  it('says why a quantity does not fit, in the order the shopper is told', () => {
    expect(checkLineQuantity(undefined, 1)).toEqual({ reason: 'productNotFound' });
    expect(checkLineQuantity(product(0, false), 1)).toEqual({ reason: 'priceOnRequest' });
    expect(checkLineQuantity(product(0), 1)).toEqual({ reason: 'noStock' });
    expect(checkLineQuantity(product(3), 4)).toEqual({ reason: 'stockRequestedExceeds', quantity: 4, cap: 3 });
    expect(checkLineQuantity(product(3), 3)).toBeNull();
    expect(checkLineQuantity(product(500), 100)).toEqual({ reason: 'stockRequestedExceeds', quantity: 100, cap: 99 });
  });

  it('adds within the cap and tells when it took some away; never lowers what a line holds', () => {
    expect(capAddition(2, 3, product(10))).toEqual({ quantity: 5, cap: 10, capped: false });
    expect(capAddition(8, 5, product(10))).toEqual({ quantity: 10, cap: 10, capped: true });
    expect(capAddition(98, 5, product(500))).toEqual({ quantity: 99, cap: 99, capped: true });
    expect(capAddition(4, 1, product(2))).toEqual({ quantity: 4, cap: 2, capped: true });
    expect(capAddition(0, 1, product(0))).toEqual({ quantity: 0, cap: 0, capped: true });
  });
});
