import { describe, expect, it } from 'vitest';
import type { PriceTable } from '../prices/index.ts';
import { DomainError } from '../errors/domain-error.ts';
import { checkHoardingLimits, getReservationMinutes } from './limits.ts';

const pricing: PriceTable = {
  currencies: new Map([
    [2, { id: 2, symbol: 'U$', decimals: 2 }],
    [3, { id: 3, symbol: 'G$', decimals: 0 }],
  ]),
  usdRates: new Map([
    [2, 1],
    [3, 7300],
  ]),
  exchangeRates: [],
};
const line = (quantity: number, subtotal: number) => ({ quantity, subtotal, name_pt: 'Serra', name_es: 'Sierra' });

function refusal(run: () => void): DomainError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

describe('checkHoardingLimits (the configured caps of one unpaid order)', () => {
  const limits = { maxUnitsPerProduct: 5, maxUnpaidUsd: 100 };

  it('lets an order up to both caps through', () => {
    expect(refusal(() => checkHoardingLimits(limits, [line(5, 5_000), line(1, 5_000)], 2, pricing))).toBeNull();
    expect(refusal(() => checkHoardingLimits(limits, [line(5, 730_000)], 3, pricing))).toBeNull();
  });

  it('refuses a sixth unit of one product, naming it and the cap', () => {
    const error = refusal(() => checkHoardingLimits(limits, [line(1, 100), line(6, 600)], 2, pricing));
    expect(error).toMatchObject({
      kind: 'invalid',
      code: 'unitsPerProductCap',
      field: 'itens',
      params: { n: 5, q: 6, name_pt: 'Serra', name_es: 'Sierra' },
    });
  });

  it("refuses a reserved value past the cap, converted through USD, naming the cap in the order's currency", () => {
    expect(refusal(() => checkHoardingLimits(limits, [line(1, 10_001)], 2, pricing))).toMatchObject({
      code: 'unpaidValueCap',
      params: { amount: 'U$ 100,00' },
    });
    expect(refusal(() => checkHoardingLimits(limits, [line(1, 730_100)], 3, pricing))).toMatchObject({
      code: 'unpaidValueCap',
      params: { amount: 'G$ 730.000' },
    });
  });
});

describe('getReservationMinutes (decision 0961)', () => {
  it('holds stock 72 hours for methods paid later elsewhere, the configured time for the others', () => {
    expect(getReservationMinutes('bank_transfer', 30)).toBe(72 * 60);
    expect(getReservationMinutes('cash', 30)).toBe(72 * 60);
    expect(getReservationMinutes('local_bank', 30)).toBe(72 * 60);
    expect(getReservationMinutes('card', 30)).toBe(30);
    expect(getReservationMinutes(null, 45)).toBe(45);
  });
});
