import { describe, expect, it } from 'vitest';
import { OrderListSchema } from '#lib/contract/orders-schema.ts';
import { apiAnswer, apiJson, getTestDb, type FieldErrorAnswer } from '../support/api.ts';
import { createCart, createCustomer, createProduct, getStock, startCheckout } from './checkout-fixtures.ts';

// Caps as configured by default (config.ts): 99 units of one product per order, 20,000 US$ of
// unpaid reserved value per customer. One customer holds one unpaid order at a time.

async function getOrderStatus(externalId: string): Promise<{ order: string; payment: string }> {
  const { rows } = await getTestDb().query<{ order: string; payment: string }>(
    'SELECT o.status AS order, p.status AS payment FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.external_id = $1',
    [externalId],
  );
  return rows[0]!;
}

/** 60 units from each of two warehouses (armazem_id): 120 of one product, each line within the cart's 99. */
async function createTwoWarehouseCart(customerId: number, currencyId: number, productId: number): Promise<string> {
  const cart = await createCart(customerId, currencyId, [{ productId, quantity: 60 }]);
  await getTestDb().query(
    'INSERT INTO cart_items (cart_id, product_id, warehouse_id, quantity, unit_price_minor) SELECT id, $2, 2, 60, 1 FROM carts WHERE external_id = $1',
    [cart, productId],
  );
  return cart;
}

/** The refusal of a checkout that would cancel the customer's unpaid order (its number in pedido_pendente). */
type UnpaidOrderAnswer = FieldErrorAnswer & { pedido_pendente: number };

describe('stock hoarding', () => {
  it("a second checkout first says it would cancel the customer's unpaid order, then, confirmed, cancels it and gives its stock back", async () => {
    const customer = await createCustomer();
    const bystander = await createCustomer();
    const product = await createProduct({ stock: 10 });
    const first = await startCheckout(customer, await createCart(customer.id, 3, [{ productId: product.id, quantity: 6 }]), {
      currencyId: 3,
    });
    expect(first.status).toBe(201);
    const theirs = await startCheckout(bystander, await createCart(bystander.id, 3, [{ productId: product.id, quantity: 2 }]), {
      currencyId: 3,
    });
    expect(theirs.status).toBe(201);
    expect(await getStock(product.id)).toBe(2);

    // Unconfirmed: refused in the shopper's language, naming the order; nothing changes.
    const secondCart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 3 }]);
    const asked = await startCheckout<UnpaidOrderAnswer>(customer, secondCart, { currencyId: 3 });
    const message = `Tienes el pedido n.º ${first.body.pedido} esperando el pago. Continuar cancela ese pedido y devuelve sus productos al stock.`;
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({ message, errors: { cancelar_pedido_pendente: [message] }, pedido_pendente: first.body.pedido });
    expect(await getStock(product.id)).toBe(2);
    expect(await getOrderStatus(first.body.external_id)).toEqual({ order: 'PAGAMENTO', payment: 'AGUARDANDO' });

    const second = await startCheckout(customer, secondCart, { currencyId: 3, body: { cancelar_pedido_pendente: true } });
    expect(second.status).toBe(201);
    // The first order's 6 came back; the second holds 3; the other customer's 2 stay held.
    expect(await getStock(product.id)).toBe(5);
    expect(await getOrderStatus(first.body.external_id)).toEqual({ order: 'CANCELADO', payment: 'CANCELADO' });
    expect(await getOrderStatus(second.body.external_id)).toEqual({ order: 'PAGAMENTO', payment: 'AGUARDANDO' });
    expect(await getOrderStatus(theirs.body.external_id)).toEqual({ order: 'PAGAMENTO', payment: 'AGUARDANDO' });
    const listed = apiAnswer(OrderListSchema, await apiJson('/ecom/venda/pedidos', { host: 'es', token: customer.token }));
    expect(listed.body.data.map((row) => row.status).sort()).toEqual(['CANCELADO', 'PAGAMENTO']);
  });

  it('a Brazilian buyer is asked in Portuguese, and an unchecked flag is no confirmation', async () => {
    const customer = await createCustomer({ foreignBuyer: 1 });
    const product = await createProduct({ stock: 10 });
    const options = { currencyId: 2, host: 'br', method: 'card' } as const;
    const first = await startCheckout(customer, await createCart(customer.id, 2, [{ productId: product.id, quantity: 1 }]), options);
    expect(first.status).toBe(201);
    const cart = await createCart(customer.id, 2, [{ productId: product.id, quantity: 2 }]);
    const asked = await startCheckout<UnpaidOrderAnswer>(customer, cart, { ...options, body: { cancelar_pedido_pendente: false } });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(
      `Você tem o pedido nº ${first.body.pedido} aguardando pagamento. Continuar cancela esse pedido e devolve os produtos dele ao estoque.`,
    );
    expect(await getStock(product.id)).toBe(9);
    expect(await getOrderStatus(first.body.external_id)).toEqual({ order: 'PAGAMENTO', payment: 'AGUARDANDO' });
  });

  it('checkouts over many carts leave one customer holding one unpaid order, never the shelf', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 12 });
    const carts = await Promise.all([1, 2, 3, 4].map(() => createCart(customer.id, 3, [{ productId: product.id, quantity: 3 }])));
    const answers = await Promise.all(
      carts.map((cart) => startCheckout(customer, cart, { currencyId: 3, body: { cancelar_pedido_pendente: true } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const { rows } = await getTestDb().query<{ status: string; n: string }>(
      'SELECT status, count(*) AS n FROM orders WHERE customer_id = $1 GROUP BY status ORDER BY status',
      [customer.id],
    );
    expect(rows.map((row) => [row.status, Number(row.n)])).toEqual([
      ['CANCELADO', 3],
      ['PAGAMENTO', 1],
    ]);
    expect(await getStock(product.id)).toBe(9);
  });

  it("refuses more units of one product than an order may reserve, in the shopper's language, and keeps what was there", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 500, priceMinor: 100 });
    const held = await startCheckout(customer, await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]), {
      currencyId: 3,
    });
    expect(held.status).toBe(201);
    const cart = await createTwoWarehouseCart(customer.id, 3, product.id);
    const es = await startCheckout<FieldErrorAnswer>(customer, cart, { currencyId: 3 });
    expect(es.status).toBe(422);
    expect(es.body.message).toBe('Este pedido supera el límite de reserva de la tienda.');
    expect(es.body.errors).toEqual({
      itens: [
        `Cada pedido puede reservar como máximo 99 unidades de un mismo producto (Sierra ${product.code}: 120 en el carrito). Reduce la cantidad para continuar.`,
      ],
    });
    // A Brazilian customer reads it in Portuguese (signed in, the language follows the profile).
    const brazilian = await createCustomer({ foreignBuyer: 1 });
    const br = await startCheckout<FieldErrorAnswer>(brazilian, await createTwoWarehouseCart(brazilian.id, 2, product.id), {
      currencyId: 2,
      host: 'br',
      method: 'card',
    });
    expect(br.status).toBe(422);
    expect(br.body.message).toBe('Este pedido passa do limite de reserva da loja.');
    expect(br.body.errors.itens).toEqual([
      `Cada pedido pode reservar no máximo 99 unidades de um mesmo produto (Serra ${product.code}: 120 no carrinho). Reduza a quantidade para continuar.`,
    ]);
    // Nothing changed: the stock, the earlier unpaid order, the cart.
    expect(await getStock(product.id)).toBe(499);
    expect(await getOrderStatus(held.body.external_id)).toEqual({ order: 'PAGAMENTO', payment: 'AGUARDANDO' });
    const { rows } = await getTestDb().query('SELECT 1 FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.external_id = $1', [
      cart,
    ]);
    expect(rows).toHaveLength(2);
  });

  it("refuses an unpaid order worth more than the per-customer cap, naming the cap in the order's currency", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 10, priceMinor: 1_500_000 }); // 15,000 US$
    const one = await startCheckout(customer, await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]), {
      currencyId: 3,
    });
    expect(one.status).toBe(201);
    const two = await startCheckout(customer, await createCart(customer.id, 3, [{ productId: product.id, quantity: 2 }]), {
      currencyId: 3,
    });
    expect(two.status).toBe(422);
    expect(two.body).toMatchObject({
      message: 'Este pedido supera el límite de reserva de la tienda.',
      errors: {
        itens: [
          'Un pedido pendiente de pago puede reservar como máximo G$ 146.000.000 en productos. Divide la compra en pedidos más pequeños y paga cada uno antes del siguiente.',
        ],
      },
    });
    expect(await getStock(product.id)).toBe(9);
    expect(await getOrderStatus(one.body.external_id)).toEqual({ order: 'PAGAMENTO', payment: 'AGUARDANDO' });
  });
});
