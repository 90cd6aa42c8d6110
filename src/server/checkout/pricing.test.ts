import { describe, expect, it } from 'vitest';
import { convertMinor, type PricingTable } from './pricing.ts';

const table: PricingTable = {
  decimals: new Map([[1, 2], [2, 2], [3, 0], [4, 2]]),
  usdRates: new Map([[1, 5.4], [3, 7300], [4, 1180]]),
};

describe('convertMinor', () => {
  it('keeps amounts already in the cart currency', () => {
    expect(convertMinor(8990, 2, 2, table)).toBe(8990);
  });
  it('converts USD cents into whole guaranies', () => {
    expect(convertMinor(8990, 2, 3, table)).toBe(656_270);
  });
  it('converts through USD between two other currencies', () => {
    expect(convertMinor(540, 1, 3, table)).toBe(7300);
  });
  it('refuses a currency without a rate', () => {
    expect(() => convertMinor(100, 2, 9, table)).toThrow();
  });
});
