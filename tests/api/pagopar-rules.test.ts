import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDb, type ErrorAnswer } from '../support/api.ts';
import type { TestStack } from '../support/test-stack.ts';
import { createCart, createCustomer, createProduct, startCheckout } from './checkout-fixtures.ts';
import { getState, startGatewayStack, startParaguayanOrder } from './gateway-fixtures.ts';

/**
 * Issue 32 points 1-3: a Paraguayan checkout against a Pagopar fake that refuses what Pagopar
 * documents it refuses (tests/support/fake-pagopar.ts), through the shop's own checkout route.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startGatewayStack();
}, 120_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

const startedAtPagopar = () => stack.gateways.pagopar.requests.filter((request) => request.path.endsWith('/iniciar-transaccion')).length;

async function countOrders(customerId: number): Promise<number> {
  return Number(
    (await getTestDb().query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE customer_id = $1', [customerId])).rows[0]!.n,
  );
}

async function countCartLines(cartExternalId: string): Promise<number> {
  const { rows } = await getTestDb().query<{ n: string }>(
    'SELECT count(*) AS n FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.external_id = $1',
    [cartExternalId],
  );
  return Number(rows[0]!.n);
}

describe("the buyer's document (point 1)", () => {
  it('a Paraguayan registered without a RUC pays with the cédula as documento, tipo_documento CI and an empty ruc', async () => {
    const customer = await createCustomer({ documentType: '', document: '', identity: '4.567.890' });
    const order = await startParaguayanOrder({ customer });
    expect(stack.gateways.pagopar.getOrder(order.link).request.comprador).toMatchObject({
      ruc: '',
      documento: '4567890',
      tipo_documento: 'CI',
    });
  });

  it('a RUC holder sends the RUC and the cédula on record; the company name is the razón social', async () => {
    const customer = await createCustomer({ documentType: 'RUC', document: '4567890-1', identity: '4567890' });
    await getTestDb().query(`UPDATE customers SET company_name = 'Ferretería Central S.A.' WHERE id = $1`, [customer.id]);
    const order = await startParaguayanOrder({ customer });
    expect(stack.gateways.pagopar.getOrder(order.link).request.comprador).toMatchObject({
      ruc: '4567890-1',
      documento: '4567890',
      tipo_documento: 'CI',
      razon_social: 'Ferretería Central S.A.',
    });
  });

  it('Pagopar refusing for good is told as a refusal, not as "try again", and nothing is left behind', async () => {
    const customer = await createCustomer({ documentType: '', document: '', identity: '' });
    const product = await createProduct({ stock: 5, priceMinor: 25_000 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const refused = await startCheckout<ErrorAnswer>(customer, cart, { host: 'es', currencyId: 3, method: 'card' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^El servicio de pago rechazó este pedido\. .*Intentar de nuevo no cambia la respuesta/);
    expect(refused.body.message).not.toMatch(/intenta de nuevo en unos instantes/);
    expect(await countOrders(customer.id)).toBe(0);
    expect(await countCartLines(cart)).toBe(1);
  });
});

describe('id_pedido_comercio (point 2)', () => {
  it('never repeats across environments: ids another database already used at Pagopar do not refuse this one', async () => {
    const { rows } = await getTestDb().query<{ next: string }>(`SELECT last_value + 1 AS next FROM order_number_seq`);
    const next = Number(rows[0]!.next);
    // Staging's database numbered its orders from 10001 too: the plain numbers are taken at Pagopar.
    stack.gateways.pagopar.claimOrderIds(Array.from({ length: 10 }, (_, index) => String(next + index)));
    const first = await startParaguayanOrder();
    const second = await startParaguayanOrder();
    const ids = [first, second].map((order) => stack.gateways.pagopar.getOrder(order.link).id_pedido_comercio);
    expect(new Set(ids).size).toBe(2);
    for (const [index, order] of [first, second].entries()) {
      const { rows: kept } = await getTestDb().query<{ number: string; gateway_order_id: string }>(
        `SELECT o.number, p.gateway_order_id FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.external_id = $1`,
        [order.externalId],
      );
      expect(kept[0]!.gateway_order_id).toBe(ids[index]);
      expect(ids[index]).toMatch(new RegExp(`^${kept[0]!.number}P[0-9A-F]{10}$`)); // the order number first, for people
    }
  });
});

describe('amounts Pagopar cannot take (point 3)', () => {
  it('an order above G$ 50.000.000 is refused before Pagopar is called, in Spanish, the cart kept and no order made', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5, priceMinor: 700_000 }); // U$ 7.000 = G$ 51.100.000
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const calls = startedAtPagopar();
    const refused = await startCheckout<ErrorAnswer>(customer, cart, { host: 'es', currencyId: 3, method: 'card' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'El servicio de pago solo acepta pedidos de G$ 1.000 a G$ 50.000.000. Ajusta el carrito: no se creó ningún pedido ni se cobró nada.',
    );
    expect(startedAtPagopar()).toBe(calls);
    expect(await countOrders(customer.id)).toBe(0);
    expect(await countCartLines(cart)).toBe(1);
    const { rows } = await getTestDb().query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product.id]);
    expect(rows[0]!.stock).toBe(5);
  });

  it('a line under G$ 1.000 is refused naming the product; a small order is refused too', async () => {
    const customer = await createCustomer();
    const cheap = await createProduct({ stock: 5, priceMinor: 10 }); // U$ 0,10 = G$ 730
    const dear = await createProduct({ stock: 5, priceMinor: 25_000 });
    const cart = await createCart(customer.id, 3, [
      { productId: dear.id, quantity: 1 },
      { productId: cheap.id, quantity: 1 },
    ]);
    const refused = await startCheckout<ErrorAnswer>(customer, cart, { host: 'es', currencyId: 3, method: 'card' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `El servicio de pago exige al menos G$ 1.000 por producto, y Sierra ${cheap.code} queda por debajo. Aumenta la cantidad o quítalo: no se creó ningún pedido.`,
    );
    const alone = await createCart(customer.id, 3, [{ productId: cheap.id, quantity: 1 }]);
    const small = await startCheckout<ErrorAnswer>(customer, alone, { host: 'es', currencyId: 3, method: 'card' });
    expect(small.status).toBe(422);
    expect(small.body.message).toMatch(/^El servicio de pago solo acepta pedidos de G\$ 1\.000 a G\$ 50\.000\.000\./);
    expect(await countOrders(customer.id)).toBe(0);
  });

  it('at the edges Pagopar accepts, the order is made', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5, priceMinor: 684_931 }); // G$ 49.999.963
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const started = await startCheckout(customer, cart, { host: 'es', currencyId: 3, method: 'card' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await getState(started.body.external_id)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO' });
  });
});

describe('payment deadlines per method (point 6, decision 0961)', () => {
  async function getHeldMinutes(externalId: string): Promise<number> {
    const { rows } = await getTestDb().query<{ minutes: string }>(
      `SELECT round(extract(epoch FROM max(r.expires_at) - o.created_at) / 60) AS minutes
         FROM orders o JOIN stock_reservations r ON r.order_id = o.id WHERE o.external_id = $1 GROUP BY o.created_at`,
      [externalId],
    );
    return Number(rows[0]!.minutes);
  }

  /** Pagopar's fecha_maxima_pago (Asunción time) as minutes from now. */
  function getGatewayDeadlineMinutes(link: string): number {
    const deadline = String(stack.gateways.pagopar.getOrder(link).request.fecha_maxima_pago);
    const nowInAsuncion = new Date().toLocaleString('sv-SE', { timeZone: 'America/Asuncion', hourCycle: 'h23' }).slice(0, 19);
    return Math.round((Date.parse(`${deadline.replace(' ', 'T')}Z`) - Date.parse(`${nowInAsuncion.replace(' ', 'T')}Z`)) / 60_000);
  }

  it('a bank transfer holds the stock 72 hours and Pagopar gets the same deadline; a card 30 minutes', async () => {
    const transfer = await startParaguayanOrder({ method: 'bank_transfer' });
    expect(await getHeldMinutes(transfer.externalId)).toBe(72 * 60);
    expect(Math.abs(getGatewayDeadlineMinutes(transfer.link) - 72 * 60)).toBeLessThanOrEqual(1);
    const card = await startParaguayanOrder({ method: 'card' });
    expect(await getHeldMinutes(card.externalId)).toBe(30);
    expect(Math.abs(getGatewayDeadlineMinutes(card.link) - 30)).toBeLessThanOrEqual(1);
  });
});
