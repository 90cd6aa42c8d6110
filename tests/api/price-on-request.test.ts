import { describe, expect, it } from 'vitest';
import { api, apiJson, getHostHeader, getTestDb, type Host } from '../support/api.ts';
import { createTestProduct, newExternalId } from '../support/cart-fixtures.ts';
import { createCart, createCustomer, createProduct, startCheckout } from './checkout-fixtures.ts';

/**
 * A product whose price is not shown ('Preço sob consulta') cannot be bought online (DECISIONS.md,
 * issue 19): the cart API, the no-JavaScript add-to-cart form and the checkout refuse it, in the
 * shopper's language. Moved from the browser suite (decision 1360): the storefront's card and
 * page offering the chat instead stay in tests/e2e/price-on-request.spec.ts.
 */
const REFUSAL: Record<'br' | 'es', string> = { br: 'preço sob consulta', es: 'precio a consultar' };

async function createHiddenPriceProduct(): Promise<number> {
  const product = await createTestProduct({ stock: 5 });
  await getTestDb().query('UPDATE products SET show_price = false WHERE id = $1', [product.id]);
  return product.id;
}

const getCartLines = async (externalId: string) =>
  (
    await getTestDb().query<{ product_id: string }>(
      'SELECT i.product_id FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.external_id = $1 ORDER BY i.id',
      [externalId],
    )
  ).rows.map((row) => Number(row.product_id));

describe('price on request: never bought online', () => {
  for (const host of ['br', 'es'] as const satisfies Host[]) {
    it(`${host}: the cart API refuses it, in a new cart and added to one`, async () => {
      const hidden = await createHiddenPriceProduct();
      const { id: shown } = await createTestProduct({ stock: 5 });
      const externalId = newExternalId();
      const cart = (itens: number[]) => ({
        external_id: externalId,
        filial_id: 1,
        moeda_id: 2,
        itens: itens.map((produto_id) => ({ produto_id, qtde: 1, ativo: true })),
      });
      const refused = await apiJson('/ecom/venda/carrinho', { method: 'POST', host, json: cart([hidden]) });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain(REFUSAL[host]);
      // With a product that can be bought the same request is taken, then the hidden one is refused.
      expect((await apiJson('/ecom/venda/carrinho', { method: 'POST', host, json: cart([shown]) })).status).toBe(201);
      const put = await apiJson(`/ecom/venda/carrinho/${externalId}`, { method: 'PUT', host, json: cart([shown, hidden]) });
      expect(put.status).toBe(422);
      expect(JSON.stringify(put.body)).toContain(REFUSAL[host]);
      expect(await getCartLines(externalId)).toEqual([shown]);
    });
  }

  it('the no-JavaScript add-to-cart form cannot put it in the cart either', async () => {
    const hidden = await createHiddenPriceProduct();
    const { id: shown } = await createTestProduct({ stock: 5 });
    const externalId = newExternalId();
    const add = async (productId: number) =>
      (
        await api('/carrinho/adicionar', {
          method: 'POST',
          host: 'br',
          headers: {
            cookie: `fronteira_cart=${externalId}`,
            'content-type': 'application/x-www-form-urlencoded',
            origin: `http://${getHostHeader('br')}`,
          },
          body: new URLSearchParams({ produto_id: String(productId), qtde: '1', redirect: '/' }).toString(),
        })
      ).status;
    expect(await add(hidden)).toBe(303);
    expect(await getCartLines(externalId)).toEqual([]);
    expect(await add(shown)).toBe(303);
    expect(await getCartLines(externalId)).toEqual([shown]);
  });

  it('checkout refuses a cart holding a product whose price was hidden since', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    await getTestDb().query('UPDATE products SET show_price = false WHERE id = $1', [product.id]);
    const answer = await startCheckout(customer, cart, { currencyId: 3, quote: { type: 'pickup' } });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain(REFUSAL.es);
    const { rows } = await getTestDb().query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [customer.id]);
    expect(rows[0]!.n).toBe(0);
  });
});
