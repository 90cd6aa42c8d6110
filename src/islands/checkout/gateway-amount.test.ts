import { describe, expect, it } from 'vitest';
import { getGatewayAmountText } from './gateway-amount.ts';

const gateway = { currencyId: 1, usdRates: [[2, 1] as [number, number], [1, 5.4] as [number, number], [3, 7300] as [number, number]] };

describe('getGatewayAmountText', () => {
  it('converts each unit price once, then multiplies: the sum of the lines the gateway lists', () => {
    // U$ 33,33 is R$ 179,98 (179.982); three of them R$ 539,94, not R$ 539,95 (99.99 * 5.4).
    expect(getGatewayAmountText([{ valor_unitario: 33.33, qtde: 3 }], 0, 2, gateway)).toBe('R$ 539,94');
    expect(getGatewayAmountText([{ valor_unitario: 100, qtde: 1 }], 10, 2, gateway)).toBe('R$ 594,00');
  });
  it('says nothing when the gateway charges the cart currency or has no rate', () => {
    expect(getGatewayAmountText([{ valor_unitario: 100, qtde: 1 }], 0, 1, gateway)).toBeNull();
    expect(getGatewayAmountText([{ valor_unitario: 100, qtde: 1 }], 0, 2, null)).toBeNull();
    expect(getGatewayAmountText([{ valor_unitario: 100, qtde: 1 }], 0, 2, { currencyId: 4, usdRates: [] })).toBeNull();
  });
});
