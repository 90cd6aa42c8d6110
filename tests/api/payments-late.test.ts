import { describe, expect, it } from 'vitest';
import { systemClock } from '#server/clock.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import { createSandboxProvider, getWebhookSecret } from '#server/payments/sandbox.ts';
import { createPaymentService } from '#server/payments/service.ts';
import type { OrderView } from '#lib/contract/orders.ts';
import { api, apiJson, getTestDb } from '../support/api.ts';
import {
  approvePayment as approve,
  createCart,
  createCustomer,
  createPendingOrder,
  createProduct,
  getStock,
  startCheckout,
} from './checkout-fixtures.ts';

/** The shop's payment service on the test database, optionally with a provider that misbehaves. */
function getPaymentService(override: Partial<PaymentProvider> = {}) {
  const db = getTestDb();
  const sandbox = createSandboxProvider({ db, clock: systemClock, secret: getWebhookSecret });
  return createPaymentService({ db, connect: () => db.connect(), clock: systemClock, providers: { sandbox: { ...sandbox, ...override } } });
}

async function getState(externalId: string) {
  return (
    await getTestDb().query<{ status: string; pickup_code: string | null; payment_status: string; sandbox_status: string }>(
      `SELECT o.status, o.pickup_code, p.status AS payment_status, s.status AS sandbox_status
       FROM orders o JOIN payments p ON p.order_id = o.id JOIN sandbox_payments s ON s.reference = p.reference WHERE o.external_id = $1`,
      [externalId],
    )
  ).rows[0]!;
}

/** Lets the order's reservation run out and the expiry job give its stock back. */
async function expire(externalId: string) {
  await getTestDb().query(
    `UPDATE stock_reservations SET expires_at = now() - interval '1 minute' WHERE order_id = (SELECT id FROM orders WHERE external_id = $1)`,
    [externalId],
  );
  await getPaymentService().expireReservations();
  expect((await getState(externalId)).status).toBe('CANCELADO');
}

/** A two-line order of a fresh Paraguayan buyer (3 units of A, 2 of B). */
async function createTwoLineOrder() {
  const customer = await createCustomer();
  const a = await createProduct({ stock: 5 });
  const b = await createProduct({ stock: 5 });
  const cart = await createCart(customer.id, 3, [
    { productId: a.id, quantity: 3 },
    { productId: b.id, quantity: 2 },
  ]);
  const started = await startCheckout(customer, cart, { currencyId: 3 });
  expect(started.status).toBe(201);
  const payment = (
    await getTestDb().query<{ reference: string; amount_minor: string }>(
      'SELECT p.reference, p.amount_minor FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1',
      [started.body.external_id],
    )
  ).rows[0]!;
  return {
    customer,
    a,
    b,
    externalId: started.body.external_id as string,
    payment: { reference: payment.reference, amount_minor: Number(payment.amount_minor) },
  };
}

describe('a payment approved after its reservation expired', () => {
  it('is refunded even when every line still fits: the order stays cancelled and takes no stock again', async () => {
    const order = await createTwoLineOrder();
    await expire(order.externalId);
    expect([await getStock(order.a.id), await getStock(order.b.id)]).toEqual([5, 5]);
    expect((await approve(order.payment)).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({
      status: 'CANCELADO',
      payment_status: 'ESTORNADO',
      pickup_code: null,
      sandbox_status: 'refunded',
    });
    expect([await getStock(order.a.id), await getStock(order.b.id)]).toEqual([5, 5]);
  });

  it('refunds through the provider when one line was sold meanwhile, and takes no stock of the others', async () => {
    const order = await createTwoLineOrder();
    await expire(order.externalId);
    await getTestDb().query('UPDATE products SET stock = 1 WHERE id = $1', [order.b.id]); // sold to someone else
    expect((await approve(order.payment)).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({
      status: 'CANCELADO',
      payment_status: 'ESTORNADO',
      pickup_code: null,
      sandbox_status: 'refunded',
    });
    expect([await getStock(order.a.id), await getStock(order.b.id)]).toEqual([5, 1]);

    const detail = await apiJson<OrderView>(`/ecom/venda/pedidos/${order.externalId}`, { host: 'es', token: order.customer.token });
    expect(detail.body).toMatchObject({ status: 'CANCELADO', codigo_retirada: null, link_pagamento: null });
    expect(detail.body.pagamentos[0]!.status).toBe('ESTORNADO');
    const html = await (await api(`/pedido/${order.externalId}`, { host: 'es', token: order.customer.token })).text();
    const article = html.match(/<article class="order[ "][^>]*>[\s\S]*?<\/article>/)?.[0] ?? '';
    expect(article).toMatch(/data-testid="order-status"[^>]*>Cancelado</);
    expect(article).toMatch(/data-testid="payment-status"[^>]*>Tarjeta de crédito · Reembolsado</);
    expect(article).toContain('el importe reembolsado');
    expect(article).not.toContain('data-testid="pay-now"');
    // a replayed approval neither pays nor refunds twice
    expect((await approve(order.payment)).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'CANCELADO', payment_status: 'ESTORNADO' });
  });

  it('a refund the gateway refused is retried by reconciliation', async () => {
    const order = await createPendingOrder({ stock: 2, quantity: 2 });
    await expire(order.externalId);
    await getTestDb().query('UPDATE products SET stock = 0 WHERE id = $1', [order.product.id]);
    await getTestDb().query(`UPDATE sandbox_payments SET status = 'approved' WHERE reference = $1`, [order.payment.reference]);
    const failing = getPaymentService({ refundPayment: async () => ({ ok: false, reason: 'gateway_error' }) });
    await failing.reconcile({ olderThanMs: 0 });
    expect(await getState(order.externalId)).toMatchObject({ status: 'CANCELADO', payment_status: 'PAGO', sandbox_status: 'approved' });
    await getPaymentService().reconcile({ olderThanMs: 0 });
    expect(await getState(order.externalId)).toMatchObject({
      status: 'CANCELADO',
      payment_status: 'ESTORNADO',
      sandbox_status: 'refunded',
    });
  });
});
