import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createCheckoutService, verifyDelivery } from '#server/checkout/service.ts';
import { systemClock } from '#server/clock.ts';
import { createSandboxProvider, getWebhookSecret } from '#server/payments/sandbox.ts';
import { getTestDb } from '../support/api.ts';
import { createCart, createCustomer, createProduct, deliveryToken, getStock, startCheckout } from './checkout-fixtures.ts';

/** The checkout service on the test database, counting every statement it sends (BEGIN/COMMIT included). */
function createCountingCheckout() {
  const db = getTestDb();
  const counter = { statements: 0 };
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await db.connect();
    return new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'query')
          return (...args: unknown[]) => {
            counter.statements += 1;
            return (target.query as (...a: unknown[]) => unknown)(...args);
          };
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  const sandbox = createSandboxProvider({ db, clock: systemClock, secret: getWebhookSecret });
  const service = createCheckoutService({
    connect,
    clock: systemClock,
    providers: { br: sandbox, py: sandbox },
    verifyDelivery,
    reservationTtlMinutes: 30,
    limits: { maxUnitsPerProduct: 99, maxUnpaidUsd: 20_000 },
  });
  return { service, counter };
}

describe('iniciar-checkout round trips', () => {
  it('starts a three-line checkout in at most 13 statements (17 before; one queues the order e-mail in the same transaction)', async () => {
    const customer = await createCustomer();
    const products = await Promise.all([1, 2, 3].map(() => createProduct({ stock: 4 })));
    const cart = await createCart(
      customer.id,
      3,
      products.map((product) => ({ productId: product.id, quantity: 2 })),
    );
    const token = deliveryToken(cart, { currencyId: 3 });
    const { service, counter } = createCountingCheckout();
    const started = await service.startCheckout({
      customerId: customer.id,
      cartExternalId: cart,
      shopOrigin: 'http://es.localhost',
      locale: 'es-PY',
      input: { token_entrega: token, valor_frete: 0, forma_pagamento: 'card', parcelas: 1 },
    });
    expect(started.created).toBe(true);
    expect(await Promise.all(products.map((product) => getStock(product.id)))).toEqual([2, 2, 2]);
    console.log(`iniciar-checkout statements (3 lines, store pickup): ${counter.statements}`);
    expect(counter.statements).toBeLessThanOrEqual(13);
  });

  it('takes several lines at once under contention: 4 of 12 two-line buyers, no deadlock, no oversell', async () => {
    const a = await createProduct({ stock: 8 });
    const b = await createProduct({ stock: 4 });
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const customer = await createCustomer();
        // half of the carts list the products the other way round
        const items = [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ];
        return { customer, cart: await createCart(customer.id, 3, index % 2 ? items.reverse() : items) };
      }),
    );
    const results = await Promise.all(buyers.map(({ customer, cart }) => startCheckout(customer, cart, { currencyId: 3 })));
    expect(results.filter((result) => result.status === 201)).toHaveLength(4);
    expect(results.filter((result) => result.status === 409)).toHaveLength(8);
    expect([await getStock(a.id), await getStock(b.id)]).toEqual([0, 0]);
  });
});
