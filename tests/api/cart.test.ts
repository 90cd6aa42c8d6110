import { describe, expect, it } from 'vitest';
import { api, apiAnswer, apiJson, getHostHeader, getTestDb, type ErrorAnswer, type FieldErrorAnswer } from '../support/api.ts';
import { createTestCustomer, createTestProduct, newExternalId } from '../support/cart-fixtures.ts';
import type { CartView } from '#lib/contract/cart.ts';
import { z } from 'zod';
import { CartItemViewSchema, CartViewSchema } from '#lib/contract/cart-schema.ts';

const IN_USE = 'O valor informado para o campo external id já está em uso.';

function cartBody(externalId: string, itens: unknown[], moeda_id = 2) {
  return { external_id: externalId, filial_id: 1, moeda_id, itens };
}
function item(produto_id: number, qtde: number, extra: Record<string, unknown> = {}) {
  return { produto_id, qtde, armazem_id: 1, ativo: true, ...extra };
}

describe('cart API: create, read, update', () => {
  it('creates a cart, reads it back by external id and updates it by id', async () => {
    const product = await createTestProduct({ stock: 10, priceMinor: 8990 });
    const externalId = newExternalId();
    const created = apiAnswer(
      CartViewSchema,
      await apiJson('/ecom/venda/carrinho', { method: 'POST', json: cartBody(externalId, [item(product.id, 2)]) }),
    );
    expect(created.status).toBe(201);
    expect(created.body.external_id).toBe(externalId);
    expect(created.body.itens).toHaveLength(1);
    expect(created.body.itens[0]).toMatchObject({ produto_id: product.id, qtde: 2, ativo: true, valor_unitario: 89.9 });
    expect(created.body.itens[0]!.produto).toMatchObject({ codigo: product.code, qtde_disponivel: 10 });
    expect(created.body.valor_total).toBe(179.8);

    const read = apiAnswer(CartViewSchema, await apiJson(`/ecom/venda/carrinho/${externalId}?moeda_id=2`));
    expect(read.status).toBe(200);
    expect(read.body.itens[0]!.qtde).toBe(2);
    // The strict reading can fail: an answer field the contract leaves out is refused by its path.
    expect(() => apiAnswer(CartViewSchema.omit({ valor_total: true }), read)).toThrow('fields the contract does not declare: valor_total');
    const itemWithoutToken = CartItemViewSchema.omit({ token: true });
    expect(() => apiAnswer(CartViewSchema.extend({ itens: z.array(itemWithoutToken) }), read)).toThrow(': itens[0].token');

    const updated = apiAnswer(
      CartViewSchema,
      await apiJson(`/ecom/venda/carrinho/${created.body.id}`, {
        method: 'PUT',
        json: { ...cartBody(externalId, [item(product.id, 5)]), id: created.body.id },
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.itens[0]!.qtde).toBe(5);
  });

  it('answers 404 for an unknown external id', async () => {
    const response = await api(`/ecom/venda/carrinho/${newExternalId()}?moeda_id=2`);
    expect(response.status).toBe(404);
    const put = await api(`/ecom/venda/carrinho/999999999`, { method: 'PUT', json: cartBody(newExternalId(), []) });
    expect(put.status).toBe(404);
  });

  it('refuses external ids weaker than 128 bits with 400', async () => {
    for (const weak of ['abc', '123456789012345678901', 'has spaces and is long enough!!', 'x'.repeat(21)]) {
      const { status, body } = await apiJson<FieldErrorAnswer>('/ecom/venda/carrinho', { method: 'POST', json: cartBody(weak, []) });
      expect(status, weak).toBe(400);
      expect(body.errors.external_id).toBeDefined();
    }
    expect((await api('/ecom/venda/carrinho/short-id?moeda_id=2')).status).toBe(400);
  });

  it("answers 'external id already in use' on a second POST with the same id", async () => {
    const externalId = newExternalId();
    expect((await api('/ecom/venda/carrinho', { method: 'POST', json: cartBody(externalId, []) })).status).toBe(201);
    const again = await apiJson<FieldErrorAnswer>('/ecom/venda/carrinho', { method: 'POST', json: cartBody(externalId, []) });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(IN_USE);
    expect(again.body.errors.external_id).toEqual([IN_USE]);
  });

  it('ignores a client-sent price: valor_unitario comes from the catalogue in the cart currency', async () => {
    const product = await createTestProduct({ stock: 5, priceMinor: 10_000 }); // U$ 100.00
    const externalId = newExternalId();
    const created = await apiJson<CartView>('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(externalId, [item(product.id, 1, { valor_unitario: 0.01 })]),
    });
    expect(created.body.itens[0]!.valor_unitario).toBe(100);
    const { rows } = await getTestDb().query('SELECT unit_price_minor FROM cart_items WHERE cart_id = $1', [created.body.id]);
    expect(Number(rows[0].unit_price_minor)).toBe(10_000);

    const rate = (await getTestDb().query('SELECT rate FROM exchange_rates WHERE source_currency_id = 2 AND target_currency_id = 3'))
      .rows[0].rate;
    const inGuarani = await apiJson<CartView>(`/ecom/venda/carrinho/${externalId}?moeda_id=3`);
    expect(inGuarani.body.moeda_id).toBe(3);
    expect(inGuarani.body.moeda.simbolo).toBe('G$');
    expect(inGuarani.body.itens[0]!.valor_unitario).toBe(Math.round(100 * Number(rate)));
  });
});

describe('cart API: quantity and stock rules', () => {
  it('accepts 1..min(99, stock) and refuses more with the stock message', async () => {
    const product = await createTestProduct({ stock: 4 });
    const externalId = newExternalId();
    const tooMany = await apiJson<FieldErrorAnswer>('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(externalId, [item(product.id, 5)]),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('Quantidade solicitada (5) excede o estoque disponível (4)');
    expect(tooMany.body.errors['itens.0.qtde']).toBeDefined();
    expect((await api(`/ecom/venda/carrinho/${externalId}`)).status).toBe(404); // nothing was created

    const big = await createTestProduct({ stock: 500 });
    const capped = await apiJson<ErrorAnswer>('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(newExternalId(), [item(big.id, 100)]),
    });
    expect(capped.status).toBe(422);
    expect(capped.body.message).toContain('(99)');
    const ok = await apiJson('/ecom/venda/carrinho', { method: 'POST', json: cartBody(newExternalId(), [item(big.id, 99)]) });
    expect(ok.status).toBe(201);
  });

  it('a change moments after another meets the catalogue as it is now: lowered stock refuses, a new price is charged', async () => {
    const product = await createTestProduct({ stock: 5, priceMinor: 10_000 });
    const externalId = newExternalId();
    const created = await apiJson<CartView>('/ecom/venda/carrinho', { method: 'POST', json: cartBody(externalId, [item(product.id, 1)]) });
    const change = <T>(qtde: number) =>
      apiJson<T>(`/ecom/venda/carrinho/${created.body.id}`, { method: 'PUT', json: cartBody(externalId, [item(product.id, qtde)]) });
    expect((await change(4)).status).toBe(200);
    await getTestDb().query('UPDATE products SET stock = 2, price_minor = 12500 WHERE id = $1', [product.id]);
    const refused = await change<ErrorAnswer>(3);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Quantidade solicitada (3) excede o estoque disponível (2)');
    const repriced = await change<CartView>(2);
    expect(repriced.status).toBe(200);
    expect(repriced.body.itens[0]!.valor_unitario).toBe(125);
    expect(repriced.body.itens[0]!.produto.qtde_disponivel).toBe(2);
    const { rows } = await getTestDb().query('SELECT quantity, unit_price_minor FROM cart_items WHERE cart_id = $1', [created.body.id]);
    expect(rows.map((row) => [row.quantity, Number(row.unit_price_minor)])).toEqual([[2, 12_500]]);
  });

  it('answers in Spanish on the Spanish host', async () => {
    const product = await createTestProduct({ stock: 2 });
    const { status, body } = await apiJson<ErrorAnswer>('/ecom/venda/carrinho', {
      method: 'POST',
      host: 'es',
      json: cartBody(newExternalId(), [item(product.id, 3)], 3),
    });
    expect(status).toBe(422);
    expect(body.message).toBe('La cantidad solicitada (3) excede el stock disponible (2)');
  });

  it('answers a malformed body, another content type or a non-numeric quantity in the shopper language', async () => {
    const malformed = await apiJson('/ecom/venda/carrinho', {
      method: 'POST',
      host: 'es',
      body: '{"itens": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'El cuerpo de la solicitud no es un JSON válido.' } });
    const form = await apiJson('/ecom/venda/carrinho', {
      method: 'POST',
      host: 'br',
      body: 'itens=1',
      headers: { 'content-type': 'text/plain', origin: `http://${getHostHeader('br')}` },
    });
    expect(form).toMatchObject({ status: 415, body: { message: 'Formato de envio não suportado.' } });
    const product = await createTestProduct({ stock: 5 });
    const word = await apiJson<FieldErrorAnswer>('/ecom/venda/carrinho', {
      method: 'POST',
      host: 'es',
      json: cartBody(newExternalId(), [item(product.id, 0, { qtde: 'dos' })], 3),
    });
    expect(word.status).toBe(422);
    expect(word.body.message).toBe('Parámetros inválidos: itens.0.qtde');
    expect(word.body.errors['itens.0.qtde']![0]).toMatch(/^Entrada inválida/);
  });

  it('refuses fractions and products without stock', async () => {
    const product = await createTestProduct({ stock: 10 });
    const fraction = await apiJson('/ecom/venda/carrinho', { method: 'POST', json: cartBody(newExternalId(), [item(product.id, 1.5)]) });
    expect(fraction.status).toBe(422);
    const empty = await createTestProduct({ stock: 0 });
    const none = await apiJson<ErrorAnswer>('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(newExternalId(), [item(empty.id, 1)]),
    });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Este produto não possui estoque disponível!');
  });

  it('sums entries of the same product before checking stock', async () => {
    const product = await createTestProduct({ stock: 5 });
    const twice = await apiJson('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(newExternalId(), [item(product.id, 3), item(product.id, 3)]),
    });
    expect(twice.status).toBe(422);
    const fits = await apiJson<CartView>('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(newExternalId(), [item(product.id, 2), item(product.id, 3)]),
    });
    expect(fits.status).toBe(201);
    expect(fits.body.itens).toHaveLength(1);
    expect(fits.body.itens[0]!.qtde).toBe(5);
  });

  it('keeps removed items as inactive lines and deletes lines set to zero or less', async () => {
    const a = await createTestProduct({ stock: 5, priceMinor: 1000 });
    const b = await createTestProduct({ stock: 5, priceMinor: 2000 });
    const c = await createTestProduct({ stock: 5, priceMinor: 3000 });
    const externalId = newExternalId();
    const created = await apiJson<CartView>('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(externalId, [item(a.id, 1), item(b.id, 1), item(c.id, 1)]),
    });
    const updated = await apiJson<CartView>(`/ecom/venda/carrinho/${created.body.id}`, {
      method: 'PUT',
      json: cartBody(externalId, [item(a.id, 1), item(b.id, 1, { ativo: false }), item(c.id, 0)]),
    });
    expect(updated.status).toBe(200);
    const byProduct = new Map(updated.body.itens.map((line) => [line.produto_id, line]));
    expect(byProduct.get(a.id)).toMatchObject({ ativo: true });
    expect(byProduct.get(b.id)).toMatchObject({ ativo: false });
    expect(byProduct.has(c.id)).toBe(false);
    expect(updated.body.valor_total).toBe(10); // only the active line counts
    const negative = await apiJson<CartView>(`/ecom/venda/carrinho/${created.body.id}`, {
      method: 'PUT',
      json: cartBody(externalId, [item(a.id, -3), item(b.id, 1, { ativo: false })]),
    });
    expect(negative.body.itens.map((line) => line.produto_id)).toEqual([b.id]);
  });

  it('20 concurrent changes of one cart never leave a quantity above stock', async () => {
    const product = await createTestProduct({ stock: 7 });
    const externalId = newExternalId();
    const created = await apiJson<CartView>('/ecom/venda/carrinho', { method: 'POST', json: cartBody(externalId, [item(product.id, 1)]) });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api(`/ecom/venda/carrinho/${created.body.id}`, {
          method: 'PUT',
          json: cartBody(externalId, [item(product.id, index + 1)]),
        }),
      ),
    );
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status === 422)).toHaveLength(13);
    const { rows } = await getTestDb().query('SELECT quantity FROM cart_items WHERE cart_id = $1', [created.body.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].quantity).toBeLessThanOrEqual(7);
  });

  it('20 concurrent whole-cart changes from one version: one is written, the others get 409 with the current cart', async () => {
    const products = await Promise.all(Array.from({ length: 4 }, () => createTestProduct({ stock: 50 })));
    const externalId = newExternalId();
    const created = await apiJson<CartView>('/ecom/venda/carrinho', {
      method: 'POST',
      json: cartBody(externalId, [item(products[0]!.id, 1)]),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apiJson<CartView & { carrinho?: CartView; message?: string }>(`/ecom/venda/carrinho/${created.body.id}`, {
          method: 'PUT',
          json: { ...cartBody(externalId, [item(products[index % 4]!.id, 1 + (index % 5))]), versao: created.body.versao },
        }),
      ),
    );
    const written = answers.filter((answer) => answer.status === 200);
    expect(written).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const winner = written[0]!.body;
    expect(winner.versao).toBe(created.body.versao + 1);
    const { rows } = await getTestDb().query('SELECT product_id, quantity FROM cart_items WHERE cart_id = $1', [created.body.id]);
    expect(rows.map((row) => `${row.product_id}x${row.quantity}`)).toEqual([`${winner.itens[0]!.produto_id}x${winner.itens[0]!.qtde}`]);
    const refused = answers.find((answer) => answer.status === 409)!.body;
    expect(refused.message).toBe('Seu carrinho mudou em outra aba ou aparelho e foi atualizado aqui. Confira os itens.');
    expect(apiAnswer(CartViewSchema, { status: 200, body: refused.carrinho }).body).toMatchObject({
      versao: winner.versao,
      itens: winner.itens,
    });
  });

  it('a stale tab never overwrites a line it has not seen; a change without versao sets only the lines it names', async () => {
    const [a, b, c] = await Promise.all([
      createTestProduct({ stock: 9 }),
      createTestProduct({ stock: 9 }),
      createTestProduct({ stock: 9 }),
    ]);
    const externalId = newExternalId();
    const seen = await apiJson<CartView>('/ecom/venda/carrinho', { method: 'POST', json: cartBody(externalId, [item(a!.id, 1)]) });
    // Tab 1 adds b from the version both tabs saw.
    const tab1 = await apiJson<CartView>(`/ecom/venda/carrinho/${seen.body.id}`, {
      method: 'PUT',
      json: { ...cartBody(externalId, [item(a!.id, 1), item(b!.id, 2)]), versao: seen.body.versao },
    });
    expect(tab1.status).toBe(200);
    // Tab 2 still shows only a and adds c: refused, nothing written, and told the cart as it is.
    const tab2 = await apiJson<ErrorAnswer & { carrinho: CartView }>(`/ecom/venda/carrinho/${seen.body.id}`, {
      method: 'PUT',
      host: 'es',
      json: { ...cartBody(externalId, [item(a!.id, 1), item(c!.id, 1)]), versao: seen.body.versao },
    });
    expect(tab2.status).toBe(409);
    expect(tab2.body.message).toBe('Tu carrito cambió en otra pestaña o dispositivo y lo actualizamos aquí. Revisa los artículos.');
    expect(tab2.body.carrinho.itens.map((line) => [line.produto_id, line.qtde])).toEqual([
      [a!.id, 1],
      [b!.id, 2],
    ]);
    // From the version it was told, tab 2's change goes through and keeps b.
    const retried = await apiJson<CartView>(`/ecom/venda/carrinho/${seen.body.id}`, {
      method: 'PUT',
      json: { ...cartBody(externalId, [item(a!.id, 1), item(b!.id, 2), item(c!.id, 1)]), versao: tab2.body.carrinho.versao },
    });
    expect(retried.body.itens.map((line) => line.produto_id)).toEqual([a!.id, b!.id, c!.id]);

    // An API client of the contract that sends no versao: its lines are set, the others stay.
    const perLine = await apiJson<CartView>(`/ecom/venda/carrinho/${seen.body.id}`, {
      method: 'PUT',
      json: cartBody(externalId, [item(b!.id, 5), item(c!.id, 0)]),
    });
    expect(perLine.status).toBe(200);
    expect(perLine.body.itens.map((line) => [line.produto_id, line.qtde])).toEqual([
      [a!.id, 1],
      [b!.id, 5],
    ]);
    expect(perLine.body.versao).toBe(retried.body.versao + 1);
    // ...and still within the stock cap.
    const over = await apiJson<FieldErrorAnswer>(`/ecom/venda/carrinho/${seen.body.id}`, {
      method: 'PUT',
      json: cartBody(externalId, [item(a!.id, 10)]),
    });
    expect(over.status).toBe(422);
  });

  /**
   * `count` carts, each created with one of every product named. Creating them reads those
   * products, so the changes that follow take the quick way: checked against that reading and
   * written in batches when many arrive at once (decisions 0207, 0208).
   */
  async function createCarts(count: number, productIds: number[]) {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const externalId = newExternalId();
        const created = await apiJson<CartView>('/ecom/venda/carrinho', {
          method: 'POST',
          json: cartBody(
            externalId,
            productIds.map((id) => item(id, 1)),
          ),
        });
        expect(created.status).toBe(201);
        return { externalId, id: created.body.id as number, versao: created.body.versao };
      }),
    );
  }

  it('40 carts changed at once (written together when the shop is busy) each get and keep their own lines', async () => {
    const products = await Promise.all(Array.from({ length: 3 }, () => createTestProduct({ stock: 50 })));
    const carts = await createCarts(
      40,
      products.map((product) => product.id),
    );
    const wantedLines = (index: number) => products.slice(0, 1 + (index % 3)).map((product, k) => [product.id, 1 + ((index + k) % 5)]);
    const answers = await Promise.all(
      carts.map((cart, index) =>
        apiJson<CartView>(`/ecom/venda/carrinho/${cart.id}`, {
          method: 'PUT',
          json: {
            ...cartBody(
              cart.externalId,
              wantedLines(index).map(([id, qtde]) => item(id!, qtde!)),
            ),
            versao: cart.versao, // the whole cart from the version seen: the lines become exactly these
          },
        }),
      ),
    );
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(carts[index]!.id);
      expect(answer.body.itens.map((line: { produto_id: number; qtde: number }) => [line.produto_id, line.qtde])).toEqual(
        wantedLines(index),
      );
    });
    const { rows } = await getTestDb().query<{ cart_id: string; lines: number[][] }>(
      `SELECT cart_id, json_agg(json_build_array(product_id, quantity) ORDER BY id) AS lines FROM cart_items
        WHERE cart_id = ANY($1::bigint[]) GROUP BY cart_id`,
      [carts.map((cart) => cart.id)],
    );
    const stored = new Map(rows.map((row) => [Number(row.cart_id), row.lines]));
    carts.forEach((cart, index) => expect(stored.get(cart.id)).toEqual(wantedLines(index)));
  });

  it('a change the database refuses fails alone: the changes of other carts sent with it are kept', async () => {
    const product = await createTestProduct({ stock: 50 });
    const other = await createTestProduct({ stock: 50 });
    const carts = await createCarts(30, [product.id, other.id]);
    const refused = carts[7]!;
    // A fault only the database knows of, for one cart: its change raises inside whatever batch carries it.
    await getTestDb().query(`CREATE FUNCTION test_refuse_cart_${refused.id}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.cart_id = ${refused.id} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await getTestDb().query(`CREATE TRIGGER test_refuse_cart_${refused.id} BEFORE INSERT OR UPDATE ON cart_items
      FOR EACH ROW EXECUTE FUNCTION test_refuse_cart_${refused.id}()`);
    try {
      const answers = await Promise.all(
        carts.map((cart) =>
          api(`/ecom/venda/carrinho/${cart.id}`, {
            method: 'PUT',
            json: cartBody(cart.externalId, [item(product.id, 2), item(other.id, 3)]),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(carts.map((cart) => (cart === refused ? 500 : 200)));
    } finally {
      await getTestDb().query(`DROP TRIGGER test_refuse_cart_${refused.id} ON cart_items`);
      await getTestDb().query(`DROP FUNCTION test_refuse_cart_${refused.id}()`);
    }
    const { rows } = await getTestDb().query<{ cart_id: string; quantities: number[] }>(
      'SELECT cart_id, json_agg(quantity ORDER BY id) AS quantities FROM cart_items WHERE cart_id = ANY($1::bigint[]) GROUP BY cart_id',
      [carts.map((cart) => cart.id)],
    );
    const quantities = new Map(rows.map((row) => [Number(row.cart_id), row.quantities]));
    carts.forEach((cart) => expect(quantities.get(cart.id)).toEqual(cart === refused ? [1, 1] : [2, 3]));
  });

  it('20 concurrent add-to-cart form posts for one cart stop exactly at stock', async () => {
    const product = await createTestProduct({ stock: 6 });
    const externalId = newExternalId();
    const host = 'br' as const;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        api('/carrinho/adicionar', {
          method: 'POST',
          host,
          headers: {
            cookie: `fronteira_cart=${externalId}`,
            'content-type': 'application/x-www-form-urlencoded',
            origin: `http://${getHostHeader(host)}`,
          },
          body: new URLSearchParams({ produto_id: String(product.id), qtde: '1', redirect: '/produtos' }).toString(),
        }),
      ),
    );
    const cart = await apiJson<CartView>(`/ecom/venda/carrinho/${externalId}`);
    expect(cart.status).toBe(200);
    expect(cart.body.itens[0]!.qtde).toBe(6);
  });
});

describe('cart API: customers', () => {
  it('binds a cart to the customer whose token is sent; another customer cannot read or change it', async () => {
    const product = await createTestProduct({ stock: 5 });
    const alice = await createTestCustomer(0);
    const bob = await createTestCustomer(0);
    const externalId = newExternalId();
    const created = await apiJson<CartView>('/ecom/venda/carrinho', {
      method: 'POST',
      token: alice.token,
      json: cartBody(externalId, [item(product.id, 1)], 3),
    });
    expect(created.status).toBe(201);
    const { rows } = await getTestDb().query('SELECT customer_id FROM carts WHERE external_id = $1', [externalId]);
    expect(Number(rows[0].customer_id)).toBe(alice.id);

    expect((await apiJson(`/ecom/venda/carrinho/${externalId}`, { token: alice.token })).status).toBe(200);
    const bobRead = await api(`/ecom/venda/carrinho/${externalId}`, { token: bob.token });
    expect([403, 404]).toContain(bobRead.status);
    const bobWrite = await api(`/ecom/venda/carrinho/${created.body.id}`, {
      method: 'PUT',
      token: bob.token,
      json: cartBody(externalId, [item(product.id, 5)], 3),
    });
    expect([403, 404]).toContain(bobWrite.status);
    expect((await api(`/ecom/venda/carrinho/${externalId}`)).status).toBe(403); // anonymous neither
    const after = await apiJson<CartView>(`/ecom/venda/carrinho/${externalId}`, { token: alice.token });
    expect(after.body.itens[0]!.qtde).toBe(1);
  });

  it('binds an anonymous cart to the customer who sends a token later', async () => {
    const product = await createTestProduct({ stock: 5 });
    const carol = await createTestCustomer(1);
    const externalId = newExternalId();
    await api('/ecom/venda/carrinho', { method: 'POST', json: cartBody(externalId, [item(product.id, 1)]) });
    expect((await api(`/ecom/venda/carrinho/${externalId}?moeda_id=2`, { token: carol.token })).status).toBe(200);
    const { rows } = await getTestDb().query('SELECT customer_id FROM carts WHERE external_id = $1', [externalId]);
    expect(Number(rows[0].customer_id)).toBe(carol.id);
  });
});
