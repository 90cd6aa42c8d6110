import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGatewayAmountText } from '#islands/checkout/gateway-amount.ts';
import { formatPrice } from '#lib/money.ts';
import { api, getTestDb } from '../support/api.ts';
import type { TestStack } from '../support/test-stack.ts';
import { startBrazilianOrder, startGatewayStack } from './gateway-fixtures.ts';

/**
 * Issue 32 point 13 (decision 1220): before paying, a Brazilian buyer sees the R$ amount Mercado
 * Pago will charge, and it is the amount the gateway (the local fake speaking its documented
 * POST /checkout/preferences) receives: the sum of the preference's items.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startGatewayStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** What the preference asks Mercado Pago to charge, in centavos: its items' unit_price times quantity. */
function getPreferenceTotalMinor(link: string): number {
  const items = stack.gateways.mercadopago.getPreference(link).body.items as Array<{ unit_price: number; quantity: number }>;
  return items.reduce((sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity, 0);
}

async function getUsdRates(): Promise<Array<[number, number]>> {
  const { rows } = await getTestDb().query<{ id: number; rate: string }>(
    'SELECT target_currency_id AS id, rate FROM exchange_rates WHERE source_currency_id = 2',
  );
  return [[2, 1], ...rows.map((row): [number, number] => [row.id, Number(row.rate)])];
}

describe('the amount Mercado Pago will charge, shown before paying', () => {
  it('the checkout step computes it as checkout does, and the payment page shows what the gateway received', async () => {
    // U$ 33,33 does not convert to a whole number of centavos: the lines are converted one by one.
    const order = await startBrazilianOrder({ method: 'pix', priceMinor: 3_333 });
    const charged = getPreferenceTotalMinor(order.link);
    const shown = formatPrice(charged, 1);

    // The checkout island's figure, from the cart's lines (U$) and the gateway pricing its page passes.
    const gateway = { currencyId: 1, usdRates: await getUsdRates() };
    expect(getGatewayAmountText([{ valor_unitario: 33.33, qtde: 2 }], 0, 2, gateway)).toBe(shown);

    const page = await api(`/checkout/payment?pedido=${order.externalId}`, { host: 'br', token: order.customer.token });
    expect(page.status).toBe(200);
    const line = /data-testid="gateway-charge"[^>]*>([\s\S]*?)<\/p>/.exec(await page.text())?.[1] ?? '';
    expect(line).toContain(`${shown} (U$ 66,66)`);
    expect(line).toContain('cotação de hoje');
  });
});
