import { describe, expect, it } from 'vitest';
import { systemClock } from '#server/clock.ts';
import { createSandboxProvider, getWebhookSecret } from '#server/payments/sandbox.ts';
import { createPaymentService } from '#server/payments/service.ts';
import type { OrderPaymentsView, OrderView } from '#lib/contract/orders.ts';
import { api, apiJson, getTestDb } from '../support/api.ts';
import { createPendingOrder, getStock, signedWebhook } from './checkout-fixtures.ts';

const WEBHOOK = '/ecom/pagamentos/webhook/sandbox';

function postWebhook(webhook: { body: string; headers: Record<string, string> }) {
  return api(WEBHOOK, { method: 'POST', host: 'local', body: webhook.body, headers: webhook.headers });
}

async function getOrderState(externalId: string) {
  return (
    await getTestDb().query<{ status: string; pickup_code: string | null; payment_status: string }>(
      `SELECT o.status, o.pickup_code, p.status AS payment_status FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.external_id = $1`,
      [externalId],
    )
  ).rows[0]!;
}

function getPaymentService() {
  const db = getTestDb();
  const sandbox = createSandboxProvider({ db, clock: systemClock, secret: getWebhookSecret });
  return createPaymentService({ db, connect: () => db.connect(), clock: systemClock, providers: { sandbox } });
}

describe('payment notifications', () => {
  it('applies a paid notification once however often it is replayed, and creates a pickup code', async () => {
    const order = await createPendingOrder();
    const webhook = signedWebhook({
      reference: order.payment.reference,
      status: 'approved',
      amount_minor: order.payment.amount_minor,
      currency_id: 3,
    });
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await (await postWebhook(webhook)).json());
    expect(answers.map((answer) => answer.changed)).toEqual([true, false, false, false, false, false, false, false, false, false]);
    expect(answers.slice(1).every((answer) => answer.duplicate)).toBe(true);
    const state = await getOrderState(order.externalId);
    expect(state.status).toBe('PAGO');
    expect(state.payment_status).toBe('PAGO');
    expect(state.pickup_code).toMatch(/^[346789ABCDEFGHJKMNPQRTUVWXY]{8}$/);
    const { body } = await apiJson<OrderPaymentsView>(`/ecom/venda/pedidos/${order.externalId}/buscar-pagamentos`, {
      host: 'es',
      token: order.customer.token,
    });
    expect(body.pagamentos[0]!.status).toBe('PAGO');
    expect(body.codigo_retirada).toBe(state.pickup_code);
    // a second, different "paid" event changes nothing either
    const again = signedWebhook({
      reference: order.payment.reference,
      status: 'approved',
      amount_minor: order.payment.amount_minor,
      currency_id: 3,
    });
    expect((await (await postWebhook(again)).json()).changed).toBe(false);
    expect((await getOrderState(order.externalId)).pickup_code).toBe(state.pickup_code);
  });

  it('refuses a bad signature, a stale one and a wrong amount without changing anything', async () => {
    const order = await createPendingOrder();
    const data = { reference: order.payment.reference, status: 'approved', amount_minor: order.payment.amount_minor, currency_id: 3 };
    expect((await postWebhook(signedWebhook(data, { secret: 'not-the-secret-at-all-000000' }))).status).toBe(401);
    expect((await postWebhook(signedWebhook(data, { timestampS: Math.floor(Date.now() / 1000) - 3600 }))).status).toBe(401);
    const unsigned = signedWebhook(data);
    expect((await postWebhook({ body: unsigned.body, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    const tampered = signedWebhook(data);
    expect((await postWebhook({ ...tampered, body: tampered.body.replace('"approved"', '"declined"') })).status).toBe(401);
    const cheaper = signedWebhook({ ...data, amount_minor: order.payment.amount_minor - 1 });
    expect((await postWebhook(cheaper)).status).toBe(422);
    const otherCurrency = signedWebhook({ ...data, currency_id: 2 });
    expect((await postWebhook(otherCurrency)).status).toBe(422);
    expect(await getOrderState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO', pickup_code: null });
    // the refused event id was not recorded: the genuine notification still works
    expect((await postWebhook(signedWebhook(data))).status).toBe(200);
    expect((await getOrderState(order.externalId)).status).toBe('PAGO');
  });

  it('leaves a declined order awaiting payment with its link, and the shopper can pay again', async () => {
    const order = await createPendingOrder();
    const data = { reference: order.payment.reference, amount_minor: order.payment.amount_minor, currency_id: 3 };
    expect((await postWebhook(signedWebhook({ ...data, status: 'declined' }))).status).toBe(200);
    expect(await getOrderState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'RECUSADO', pickup_code: null });
    const detail = await apiJson<OrderView>(`/ecom/venda/pedidos/${order.externalId}`, { host: 'es', token: order.customer.token });
    expect(detail.body.link_pagamento).toBe(order.link);
    await postWebhook(signedWebhook({ ...data, status: 'approved' }));
    expect((await getOrderState(order.externalId)).status).toBe('PAGO');
  });

  it('the sandbox page approves through its signed webhook and sends the shopper back to /checkout/payment', async () => {
    const order = await createPendingOrder();
    const path = new URL(order.link).pathname;
    const page = await api(path, { host: 'es' });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('PRUEBA');
    expect(html).toContain('Aprobar');
    const decided = await api(`${path}/decidir`, {
      method: 'POST',
      host: 'es',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://es.localhost:${new URL(order.link).port}` },
      body: 'decisao=approved',
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toContain(`/checkout/payment?pedido=${order.externalId}`);
    expect(await getOrderState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
  });
});

describe('payment jobs', () => {
  it('reconciliation settles a payment whose notification never came', async () => {
    const order = await createPendingOrder();
    await getTestDb().query(`UPDATE sandbox_payments SET status = 'approved' WHERE reference = $1`, [order.payment.reference]);
    await getTestDb().query(`UPDATE payments SET updated_at = now() - interval '10 minutes' WHERE reference = $1`, [
      order.payment.reference,
    ]);
    await getPaymentService().reconcile();
    expect(await getOrderState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
  });

  it('gives back the stock of expired unpaid reservations and cancels the order', async () => {
    const order = await createPendingOrder({ stock: 6, quantity: 4 });
    const paid = await createPendingOrder({ stock: 6, quantity: 4 });
    await postWebhook(
      signedWebhook({ reference: paid.payment.reference, status: 'approved', amount_minor: paid.payment.amount_minor, currency_id: 3 }),
    );
    expect(await getStock(order.product.id)).toBe(2);
    await getTestDb().query(
      `UPDATE stock_reservations SET expires_at = now() - interval '1 minute' WHERE order_id IN (SELECT id FROM orders WHERE external_id = ANY($1))`,
      [[order.externalId, paid.externalId]],
    );
    await getPaymentService().expireReservations();
    await getPaymentService().expireReservations();
    expect(await getStock(order.product.id)).toBe(6);
    expect(await getStock(paid.product.id)).toBe(2);
    expect(await getOrderState(order.externalId)).toMatchObject({ status: 'CANCELADO', payment_status: 'CANCELADO' });
    expect((await getOrderState(paid.externalId)).status).toBe('PAGO');
  });
});
