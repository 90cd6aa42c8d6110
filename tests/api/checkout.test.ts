import { describe, expect, it } from 'vitest';
import { StartCheckoutAnswerSchema } from '#lib/contract/checkout.ts';
import { OrderViewSchema } from '#lib/contract/orders-schema.ts';
import { apiAnswer, apiJson, getTestDb, type ErrorAnswer, type FieldErrorAnswer } from '../support/api.ts';
import { createCart, createCustomer, createProduct, getStock, startCheckout } from './checkout-fixtures.ts';

/** A checkout refused for stock: the lines short (details of the refusal) and the field message. */
type OutOfStockAnswer = FieldErrorAnswer & { itens_indisponiveis: Array<{ produto_id: number; solicitado: number; disponivel: number }> };

describe('POST /ecom/venda/carrinho/{external_id}/iniciar-checkout', () => {
  it('reserves stock, freezes the totals, empties the cart and answers the payment link', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 7, priceMinor: 8990 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 2 }]);
    const started = await startCheckout<FieldErrorAnswer>(customer, cart, {
      currencyId: 3,
      quote: { type: 'delivery', serviceId: 4, priceMinor: 35_000 },
    });
    // a delivery needs one of the customer's addresses
    expect(started.status).toBe(422);
    expect(started.body.errors.cliente_endereco_id).toHaveLength(1);

    const address = await getTestDb().query<{ id: string }>(
      `INSERT INTO customer_addresses (customer_id, name, street, number, district, city_name, state_name, country_id)
       VALUES ($1, 'Casa', 'Av. Mcal. López', '123', 'Centro', 'Asunción', 'Capital', 2) RETURNING id`,
      [customer.id],
    );
    const ok = apiAnswer(
      StartCheckoutAnswerSchema,
      await startCheckout(customer, cart, {
        currencyId: 3,
        quote: { type: 'delivery', serviceId: 4, priceMinor: 35_000 },
        body: { cliente_endereco_id: Number(address.rows[0]!.id) },
      }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.link_pagamento).toHaveLength(1);
    expect(ok.body.link_pagamento[0]).toMatch(/\/sandbox\/pagamento\/pay_[A-Za-z0-9_-]{20,}$/);
    expect(await getStock(product.id)).toBe(5);

    const order = apiAnswer(
      OrderViewSchema,
      await apiJson(`/ecom/venda/pedidos/${ok.body.external_id}`, { host: 'es', token: customer.token }),
    );
    expect(order.status).toBe(200);
    expect(order.body.status).toBe('PAGAMENTO');
    expect(order.body.pagamentos).toEqual([expect.objectContaining({ status: 'AGUARDANDO' })]);
    // 89.90 USD at 7300 G$ = 656,270 G$ each, priced from the database (the cart row said 1)
    expect(order.body.itens[0]).toMatchObject({ qtde: 2, valor_unitario: 656_270, valor_subtotal: 1_312_540 });
    expect(order.body.valor_frete).toBe(35_000);
    expect(order.body.valor_total).toBe(1_347_540);
    expect(order.body.moeda_id).toBe(3);
    expect(order.body.codigo_retirada).toBeNull();
    const items = await getTestDb().query('SELECT 1 FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.external_id = $1', [cart]);
    expect(items.rowCount).toBe(0);
  });

  it('gives the same order and link to a double submit and to a retry', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 3 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const [first, second] = await Promise.all([
      startCheckout(customer, cart, { currencyId: 3 }),
      startCheckout(customer, cart, { currencyId: 3 }),
    ]);
    const retry = await startCheckout(customer, cart, { currencyId: 3 });
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.link_pagamento).toEqual(first.body.link_pagamento);
    expect(retry.body.link_pagamento).toEqual(first.body.link_pagamento);
    const orders = await getTestDb().query('SELECT 1 FROM orders WHERE customer_id = $1', [customer.id]);
    expect(orders.rowCount).toBe(1);
    expect(await getStock(product.id)).toBe(2);
  });

  it('sells 5 units to exactly 5 of 50 concurrent buyers and refuses the others by name', async () => {
    const product = await createProduct({ stock: 5 });
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const customer = await createCustomer();
        return { customer, cart: await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]) };
      }),
    );
    const results = await Promise.all(
      buyers.map(({ customer, cart }) => startCheckout<OutOfStockAnswer>(customer, cart, { currencyId: 3 })),
    );
    const created = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status === 409);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const result of refused) {
      expect(result.body.itens_indisponiveis).toEqual([expect.objectContaining({ produto_id: product.id, solicitado: 1, disponivel: 0 })]);
      expect(result.body.errors.itens![0]).toContain(product.code);
    }
    expect(await getStock(product.id)).toBe(0);
    const orders = await getTestDb().query('SELECT 1 FROM order_items WHERE product_id = $1', [product.id]);
    expect(orders.rowCount).toBe(5);
  });

  it('refuses the whole order when one line is short, taking no stock at all', async () => {
    const customer = await createCustomer();
    const plenty = await createProduct({ stock: 10 });
    const scarce = await createProduct({ stock: 1 });
    const cart = await createCart(customer.id, 3, [
      { productId: plenty.id, quantity: 3 },
      { productId: scarce.id, quantity: 2 },
    ]);
    const result = await startCheckout<OutOfStockAnswer>(customer, cart, { currencyId: 3 });
    expect(result.status).toBe(409);
    expect(result.body.itens_indisponiveis).toEqual([expect.objectContaining({ produto_id: scarce.id, solicitado: 2, disponivel: 1 })]);
    expect(await getStock(plenty.id)).toBe(10);
    expect(await getStock(scarce.id)).toBe(1);
  });

  it('refuses a product an admin took off the shop while it sat in the cart, as unavailable', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 6 });
    const other = await createProduct({ stock: 6 });
    const single = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    await getTestDb().query('UPDATE products SET active = false WHERE id = $1', [product.id]);
    const alone = await startCheckout<OutOfStockAnswer>(customer, single, { currencyId: 3 });
    expect(alone.status).toBe(409);
    expect(alone.body.itens_indisponiveis).toEqual([expect.objectContaining({ produto_id: product.id, solicitado: 1, disponivel: 0 })]);
    const pair = await createCart(customer.id, 3, [
      { productId: other.id, quantity: 1 },
      { productId: product.id, quantity: 2 },
    ]);
    const both = await startCheckout<OutOfStockAnswer>(customer, pair, { currencyId: 3 });
    expect(both.status).toBe(409);
    expect(both.body.itens_indisponiveis).toEqual([expect.objectContaining({ produto_id: product.id, solicitado: 2, disponivel: 0 })]);
    expect(await getStock(product.id)).toBe(6);
    expect(await getStock(other.id)).toBe(6);
  });

  it('refuses a tampered or mismatched delivery token', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 4 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const other = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const { deliveryToken } = await import('./checkout-fixtures.ts');
    const token = deliveryToken(cart, { currencyId: 3, priceMinor: 20_000, type: 'delivery', serviceId: 2 });
    const [payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as unknown[];
    forged[5] = 0; // the signed price
    const tampered = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const body = { cliente_endereco_id: 1, entrega_servico_id: 2, forma_pagamento: 'card', parcelas: 1 };
    const path = `/ecom/venda/carrinho/${cart}/iniciar-checkout`;
    const bad = await apiJson<FieldErrorAnswer>(path, {
      method: 'POST',
      host: 'es',
      token: customer.token,
      json: { ...body, token_entrega: tampered, valor_frete: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.token_entrega).toHaveLength(1);
    const cheaper = await apiJson(path, {
      method: 'POST',
      host: 'es',
      token: customer.token,
      json: { ...body, token_entrega: token, valor_frete: 1 },
    });
    expect(cheaper.status).toBe(422);
    const otherCart = await startCheckout(customer, other, {
      currencyId: 3,
      body: { token_entrega: deliveryToken(cart, { currencyId: 3 }) },
    });
    expect(otherCart.status).toBe(422);
    expect(await getStock(product.id)).toBe(4);
  });

  it('keeps Brazilian buyers to store pickup and their payment methods, with up to 10 instalments', async () => {
    const customer = await createCustomer({ foreignBuyer: 1 });
    const product = await createProduct({ stock: 5, priceMinor: 10_000 });
    const cart = await createCart(customer.id, 2, [{ productId: product.id, quantity: 1 }]);
    const delivery = await startCheckout<FieldErrorAnswer>(customer, cart, {
      host: 'br',
      currencyId: 2,
      method: 'pix',
      quote: { type: 'delivery', serviceId: 3, priceMinor: 500 },
    });
    expect(delivery.status).toBe(422);
    expect(delivery.body.errors.entrega_servico_id).toHaveLength(1);
    const paraguayan = await startCheckout<FieldErrorAnswer>(customer, cart, { host: 'br', currencyId: 2, method: 'qr' });
    expect(paraguayan.status).toBe(422);
    expect(paraguayan.body.errors.forma_pagamento).toHaveLength(1);
    const card = await startCheckout(customer, cart, { host: 'br', currencyId: 2, method: 'card', installments: 10 });
    expect(card.status).toBe(201);
    const payment = await getTestDb().query(
      'SELECT p.installments, p.amount_minor, p.currency_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1',
      [card.body.external_id],
    );
    const row = payment.rows[0];
    expect({ ...row, amount_minor: Number(row.amount_minor) }).toEqual({ installments: 10, amount_minor: 10_000, currency_id: 2 });
  });

  it('asks for a RUC before cash collection points', async () => {
    const customer = await createCustomer({ documentType: 'CI', document: '1234567' });
    const product = await createProduct({ stock: 2 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const result = await startCheckout<FieldErrorAnswer>(customer, cart, { currencyId: 3, method: 'cash' });
    expect(result.status).toBe(422);
    expect(result.body.errors.forma_pagamento![0]).toMatch(/RUC/);
  });

  it('needs a session, and never lets a customer check out another customer’s cart', async () => {
    const owner = await createCustomer();
    const intruder = await createCustomer();
    const product = await createProduct({ stock: 2 });
    const cart = await createCart(owner.id, 3, [{ productId: product.id, quantity: 1 }]);
    const anonymous = await apiJson(`/ecom/venda/carrinho/${cart}/iniciar-checkout`, { method: 'POST', host: 'es', json: {} });
    expect(anonymous.status).toBe(401);
    const stolen = await startCheckout(intruder, cart, { currencyId: 3 });
    expect(stolen.status).toBe(404);
    expect(await getStock(product.id)).toBe(2);
  });

  it('limits how often one buyer may start checkouts (20 per 15 minutes) with a 429 in their language', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 50 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const answers = [];
    for (let n = 0; n < 20; n += 1) answers.push((await startCheckout(customer, cart, { currencyId: 3 })).status);
    expect(answers.filter((status) => status === 429)).toEqual([]);
    const limited = await startCheckout<ErrorAnswer>(customer, cart, { currencyId: 3, host: 'es' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
    // another buyer is not held back
    const other = await createCustomer();
    const otherCart = await createCart(other.id, 3, [{ productId: product.id, quantity: 1 }]);
    expect((await startCheckout(other, otherCart, { currencyId: 3 })).status).toBe(201);
  });
});
