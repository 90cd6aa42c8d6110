import { describe, expect, it } from 'vitest';
import { getOtherCurrencyPrices, type RateLike } from '#lib/money.ts';
import { getGatewayAmountText } from './gateway-amount.ts';

const rates: RateLike[] = [
  { source_currency: { id: 2 }, target_currency: { id: 1 }, tax: 5.4 },
  { source_currency: { id: 2 }, target_currency: { id: 3 }, tax: 7300 },
];

describe('getGatewayAmountText', () => {
  it('converts each unit price once, then multiplies: the sum of the lines the gateway lists', () => {
    // U$ 33,33 is R$ 179,98 (179.982); three of them R$ 539,94, not R$ 539,95 (99.99 * 5.4).
    expect(getGatewayAmountText([{ valor_unitario: 33.33, qtde: 3 }], 2, 1, rates)).toBe('R$ 539,94');
    expect(
      getGatewayAmountText(
        [
          { valor_unitario: 100, qtde: 1 },
          { valor_unitario: 10, qtde: 1 },
        ],
        2,
        1,
        rates,
      ),
    ).toBe('R$ 594,00');
  });
  it('is the R$ the summary shows under the total: one figure in the gateway currency', () => {
    const lines = [{ valor_unitario: 33.33, qtde: 3 }];
    const underTotal = getOtherCurrencyPrices(lines, 2, 'pt-BR', rates).find((price) => price.id === 1)?.text;
    expect(underTotal).toBe(getGatewayAmountText(lines, 2, 1, rates));
  });
  it('says nothing when the gateway charges the cart currency or has no rate', () => {
    expect(getGatewayAmountText([{ valor_unitario: 100, qtde: 1 }], 1, 1, rates)).toBeNull();
    expect(getGatewayAmountText([{ valor_unitario: 100, qtde: 1 }], 2, null, rates)).toBeNull();
    expect(getGatewayAmountText([{ valor_unitario: 100, qtde: 1 }], 2, 4, rates)).toBeNull();
  });
});
