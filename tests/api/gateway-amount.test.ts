import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { getGatewayAmountText } from '#islands/checkout/gateway-amount.ts';
import { ARMAZEM_ID, FILIAL_ID } from '#lib/contract/cart.ts';
import { convertMinor, formatPrice, getOtherCurrencyPrices, type RateLike } from '#lib/money.ts';
import { api, getTestDb } from '../support/api.ts';
import type { TestStack } from '../support/test-stack.ts';
import { createCustomer, createProduct, startCheckout } from './checkout-fixtures.ts';
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

/** Today's USD rates as the checkout page passes them to its island. */
async function getRates(): Promise<RateLike[]> {
  const { rows } = await getTestDb().query<{ id: number; rate: string }>(
    'SELECT target_currency_id AS id, rate FROM exchange_rates WHERE source_currency_id = 2',
  );
  return rows.map((row) => ({ source_currency: { id: 2 }, target_currency: { id: row.id }, tax: Number(row.rate) }));
}

/** The R$ listed under the cart page's total, as the server renders it (no JavaScript). */
function getBrlUnderCartTotal(html: string): string {
  const after = html.slice(html.indexOf('data-testid="cart-total"'));
  return /<li data-currency="1"[^>]*>\s*([^<]+?)\s*<\/li>/.exec(after)?.[1] ?? '';
}

describe('the amount Mercado Pago will charge, shown before paying', () => {
  it('the checkout step computes it as checkout does, and the payment page shows what the gateway received', async () => {
    // U$ 33,33 does not convert to a whole number of centavos: the lines are converted one by one.
    const order = await startBrazilianOrder({ method: 'pix', priceMinor: 3_333 });
    const charged = getPreferenceTotalMinor(order.link);
    const shown = formatPrice(charged, 1);

    // The checkout island's figure, from the cart's lines (U$) and the rates its page passes.
    expect(getGatewayAmountText([{ valor_unitario: 33.33, qtde: 2 }], 2, 1, await getRates())).toBe(shown);

    const page = await api(`/checkout/payment?pedido=${order.externalId}`, { host: 'br', token: order.customer.token });
    expect(page.status).toBe(200);
    const line = /data-testid="gateway-charge"[^>]*>([\s\S]*?)<\/p>/.exec(await page.text())?.[1] ?? '';
    expect(line).toContain(`${shown} (U$ 66,66)`);
    expect(line).toContain('cotação de hoje');
  });

  it('the R$ under the cart and checkout totals is the amount Mercado Pago is sent, not the total converted whole', async () => {
    // U$ 33,33 x 3: converting U$ 99,99 whole rounds differently from three lines converted one by one.
    const rates = await getRates();
    const customer = await createCustomer({ foreignBuyer: 1 });
    const product = await createProduct({ stock: 5, priceMinor: 3_333 });
    const externalId = randomBytes(18).toString('base64url');
    const created = await api('/ecom/venda/carrinho', {
      method: 'POST',
      host: 'br',
      token: customer.token,
      json: {
        external_id: externalId,
        filial_id: FILIAL_ID,
        moeda_id: 2,
        itens: [{ produto_id: product.id, qtde: 3, armazem_id: ARMAZEM_ID, ativo: true }],
      },
    });
    expect(created.status).toBeLessThan(300);
    const cartPage = await api('/carrinho', {
      host: 'br',
      headers: { cookie: `fronteira_session=${customer.token}; fronteira_cart=${externalId}` },
    });
    const underCartTotal = getBrlUnderCartTotal(await cartPage.text());
    const underCheckoutTotal = getOtherCurrencyPrices([{ valor_unitario: 33.33, qtde: 3 }], 2, 'pt-BR', rates)[0]?.text;

    const started = await startCheckout(customer, externalId, { host: 'br', currencyId: 2, method: 'pix' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const charged = formatPrice(getPreferenceTotalMinor(started.body.link_pagamento[0]!), 1);
    expect(charged).not.toBe(formatPrice(convertMinor(9_999, 2, 1, rates)!, 1));
    expect(underCartTotal).toBe(charged);
    expect(underCheckoutTotal).toBe(charged);
    expect(getGatewayAmountText([{ valor_unitario: 33.33, qtde: 3 }], 2, 1, rates)).toBe(charged);
  });
});
