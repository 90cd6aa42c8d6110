import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertThroughUsd } from '#lib/money.ts';
import type { StartCheckoutAnswer } from '#lib/contract/checkout.ts';
import type { OrderView } from '#lib/contract/orders.ts';
import { api, apiJson, getHostHeader, getTestDb, type ErrorAnswer } from '../support/api.ts';
import { FAKE_PAGOPAR_PRIVATE_KEY, FAKE_PAGOPAR_PUBLIC_KEY } from '../support/fake-pagopar.ts';
import type { TestStack } from '../support/test-stack.ts';
import { createSignedInStaff } from '../support/staff.ts';
import { createCart, createCustomer, createProduct, deliveryToken, getStock, startCheckout } from './checkout-fixtures.ts';
import {
  ageNotification,
  expireAndSellOut,
  getBrlRate,
  getPaymentService,
  getPolledStatus,
  getState,
  postMercadoPago,
  postPagopar,
  startBrazilianOrder,
  startGatewayStack,
  startParaguayanOrder,
} from './gateway-fixtures.ts';

/**
 * Real gateways against their local fakes (tests/support/fake-mercadopago.ts,
 * fake-pagopar.ts), on a shop of their own (gateway-fixtures.ts). Every state is checked in the
 * database and through the API the shopper polls; every refused notification must leave the
 * order as it was and be logged.
 */
let stack: TestStack;

async function getOrderNumber(externalId: string): Promise<number> {
  return Number(
    (await getTestDb().query<{ number: string }>('SELECT number FROM orders WHERE external_id = $1', [externalId])).rows[0]!.number,
  );
}

/** When the order's stock reservation ends, in ms since the epoch (stock_reservations.expires_at). */
async function getReservationEnd(externalId: string): Promise<number> {
  const { rows } = await getTestDb().query<{ expires_at: Date }>(
    'SELECT max(r.expires_at) AS expires_at FROM stock_reservations r JOIN orders o ON o.id = r.order_id WHERE o.external_id = $1',
    [externalId],
  );
  return rows[0]!.expires_at.getTime();
}

beforeAll(async () => {
  stack = await startGatewayStack();
}, 120_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

describe('Mercado Pago (Brazilian buyers)', () => {
  it('a PIX payment makes the order PAGO with a pickup code; the preference charges BRL at the frozen rate', async () => {
    const order = await startBrazilianOrder({ method: 'pix' });
    const preference = stack.gateways.mercadopago.getPreference(order.link);
    const expectedUnit = convertThroughUsd(12_345, 2, 1, 1, await getBrlRate()) / 100;
    expect(preference.body.items).toEqual([expect.objectContaining({ quantity: 2, unit_price: expectedUnit, currency_id: 'BRL' })]);
    expect(preference.body.payment_methods?.excluded_payment_types.map((type) => type.id)).not.toContain('bank_transfer');
    expect(preference.body.payment_methods?.excluded_payment_types.map((type) => type.id)).toContain('credit_card');
    expect(preference.body.notification_url).toMatch(/\/ecom\/pagamentos\/webhook\/mercadopago\?source_news=webhooks$/);
    expect(preference.body.back_urls?.success).toContain(`/checkout/payment?pedido=${order.externalId}`);
    const before = await getState(order.externalId);
    expect(before).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO', provider: 'mercadopago', charge_currency_id: 1 });
    expect(Number(before.amount_minor)).toBe(24_690); // the order keeps its U$ total
    expect(Number(before.charge_amount_minor)).toBe(Math.round(expectedUnit * 100) * 2);

    const payment = stack.gateways.mercadopago.pay(order.link, { method: 'pix' });
    const answer = await postMercadoPago(stack.gateways.mercadopago.notification(payment.id));
    expect(answer.status).toBe(200);
    const state = await getState(order.externalId);
    expect(state).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
    expect(state.pickup_code).toMatch(/^[346789ABCDEFGHJKMNPQRTUVWXY]{8}$/);
    expect((await getPolledStatus(order.externalId, order.customer, 'br')).pagamentos[0]!.status).toBe('PAGO');
  });

  it('a card in 10 instalments: the preference offers exactly that, and the approved payment pays the order', async () => {
    const order = await startBrazilianOrder({ method: 'card', installments: 10 });
    const preference = stack.gateways.mercadopago.getPreference(order.link);
    expect(preference.body.payment_methods).toMatchObject({ installments: 10, default_installments: 10 });
    expect(preference.body.payment_methods?.excluded_payment_types.map((type) => type.id)).toEqual(
      expect.arrayContaining(['ticket', 'bank_transfer']),
    );
    const payment = stack.gateways.mercadopago.pay(order.link, { method: 'visa', installments: 10 });
    expect((await postMercadoPago(stack.gateways.mercadopago.notification(payment.id))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO', method: 'card' });
  });

  it('after approval: in_mediation keeps the order paid and tells staff until decided; charged_back takes it out of PAGO', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder({ method: 'card' });
    const payment = mp.pay(order.link);
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    mp.change(payment, 'in_mediation');
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
    const { cookie } = await createSignedInStaff('counter');
    const desk = await (await api(`/painel/pedidos/${await getOrderNumber(order.externalId)}`, { host: 'es', headers: { cookie } })).text();
    // the staff member's panel language (es-PY by default)
    expect(desk).toMatch(/data-testid="desk-payment-notice"[^>]*>\s*El comprador abrió una disputa \(mediación\) en Mercado Pago/);
    // the dispute decided for the store: approved again, the notice says so (issue 32 leftover a)
    mp.change(payment, 'approved');
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    const cleared = await (
      await api(`/painel/pedidos/${await getOrderNumber(order.externalId)}`, { host: 'es', headers: { cookie } })
    ).text();
    expect(cleared).not.toContain('El comprador abrió una disputa');
    expect(cleared).toMatch(/data-testid="desk-payment-notice"[^>]*>\s*La disputa en Mercado Pago se cerró a favor de la tienda/);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
    // a second dispute, lost this time
    mp.change(payment, 'in_mediation');
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    mp.change(payment, 'charged_back');
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'ESTORNADO', payment_status: 'ESTORNADO', pickup_code: null });
    const { rows } = await getTestDb().query<{ staff_notice: string }>(
      'SELECT p.staff_notice FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1',
      [order.externalId],
    );
    expect(rows[0]!.staff_notice).toBe('noticeReversedAtGateway');
  });

  it('a declined payment leaves the order payable with its link; a later approval pays it', async () => {
    const order = await startBrazilianOrder({ method: 'card', installments: 3 });
    const declined = stack.gateways.mercadopago.pay(order.link, { status: 'rejected' });
    expect((await postMercadoPago(stack.gateways.mercadopago.notification(declined.id))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'RECUSADO', pickup_code: null });
    const detail = await apiJson<OrderView>(`/ecom/venda/pedidos/${order.externalId}`, { host: 'br', token: order.customer.token });
    expect(detail.body.link_pagamento).toBe(order.link);
    const approved = stack.gateways.mercadopago.pay(order.link, { installments: 3 });
    expect((await postMercadoPago(stack.gateways.mercadopago.notification(approved.id))).status).toBe(200);
    expect((await getState(order.externalId)).status).toBe('PAGO');
  });

  it('refuses a bad or stale signature, an unknown order and a wrong amount, applies a replay once, and logs each', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder();
    const payment = mp.pay(order.link, { method: 'pix' });
    expect((await postMercadoPago(mp.notification(payment.id, { secret: 'not-the-webhook-secret-0000' }))).status).toBe(401);
    expect((await postMercadoPago(mp.notification(payment.id, { tsMs: Date.now() - 3_600_000 }))).status).toBe(401);
    const genuine = mp.notification(payment.id);
    const tampered = { ...genuine, path: genuine.path.replace(`data.id=${payment.id}`, `data.id=${payment.id + 1}`) };
    expect((await postMercadoPago(tampered)).status).toBe(401);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO' });

    const stranger = mp.pay(order.link, { reference: 'pay_not_one_of_ours' });
    expect((await postMercadoPago(mp.notification(stranger.id))).status).toBe(404);
    const cheaper = mp.pay(order.link, { amount: 1 });
    expect((await postMercadoPago(mp.notification(cheaper.id))).status).toBe(422);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO', pickup_code: null });

    const first = await (await postMercadoPago(genuine)).json();
    const replay = await (await postMercadoPago(genuine)).json();
    expect(first).toMatchObject({ changed: true, duplicate: false });
    expect(replay).toMatchObject({ changed: false, duplicate: true });
    // The shop's log lines reach this process through a pipe, apart from its HTTP answers: wait for them.
    await expect.poll(() => stack.getOutput()).toMatch(/mercadopago notification \d+:approved:\S+ refused: amount/);
    const output = stack.getOutput();
    expect(output).toContain('mercadopago notification refused: bad_signature');
    expect(output).toContain('mercadopago notification refused: stale');
    expect(output).toContain('mercadopago notification for unknown payment pay_not_one_of_ours ignored');
    expect(output).toMatch(/mercadopago notification \d+:approved:\S+ refused: amount/);
  });

  it('reads a signature time of 10 digits as seconds (the documented example) and a longer one as milliseconds', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder();
    const payment = mp.pay(order.link, { method: 'pix' });
    const nowS = Math.floor(Date.now() / 1000);
    expect((await postMercadoPago(mp.notification(payment.id, { tsSeconds: nowS - 3600 }))).status).toBe(401);
    expect((await postMercadoPago(mp.notification(payment.id, { tsMs: (nowS - 3600) * 1000 }))).status).toBe(401);
    expect((await postMercadoPago(mp.notification(payment.id, { tsSeconds: nowS }))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
  });

  it('a confirmation call that times out or answers 500 changes nothing (503, the gateway retries); the retry pays', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder();
    const payment = mp.pay(order.link, { method: 'pix' });
    mp.failNext(`/v1/payments/${payment.id}`, 'timeout');
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(503);
    mp.failNext(`/v1/payments/${payment.id}`, 500);
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(503);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO' });
    await expect.poll(() => stack.getOutput()).toContain(`mercadopago: payment ${payment.id} could not be read`);
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    expect((await getState(order.externalId)).status).toBe('PAGO');
  });

  it('a gateway down at checkout answers a clear message and keeps the cart', async () => {
    const customer = await createCustomer({ foreignBuyer: 1 });
    const product = await createProduct({ stock: 5 });
    const cart = await createCart(customer.id, 2, [{ productId: product.id, quantity: 1 }]);
    for (const status of [500, 503, 429] as const) stack.gateways.mercadopago.failNext('/checkout/preferences', status);
    const refused = await startCheckout<ErrorAnswer>(customer, cart, { host: 'br', currencyId: 2, method: 'pix' });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toContain('serviço de pagamento');
    const items = await getTestDb().query('SELECT 1 FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.external_id = $1', [cart]);
    expect(items.rowCount).toBe(1);
    expect((await startCheckout(customer, cart, { host: 'br', currencyId: 2, method: 'pix' })).status).toBe(201);
  });

  it('reconciliation settles a payment whose notification never came, and a late payment for a sold-out order is refunded', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder({ method: 'pix' });
    mp.pay(order.link, { method: 'pix' });
    await ageNotification(order.externalId);
    await getPaymentService().reconcile();
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });

    const late = await startBrazilianOrder({ method: 'pix' });
    await expireAndSellOut(late);
    const payment = mp.pay(late.link, { method: 'pix' });
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    expect(await getState(late.externalId)).toMatchObject({ status: 'CANCELADO', payment_status: 'ESTORNADO' });
    expect(mp.refunds).toContainEqual({ payment_id: payment.id, amount: payment.transaction_amount });
  });
});

describe('Pagopar (Paraguayan buyers)', () => {
  it('a card payment in G$: iniciar-transaccion with the documented token, the checkout page by hash, confirmed by traer', async () => {
    const pagopar = stack.gateways.pagopar;
    const order = await startParaguayanOrder({ method: 'card' });
    expect(order.link).toMatch(new RegExp(`^${pagopar.checkoutUrl}/[0-9a-f]{64}\\?forma_pago=9$`));
    const created = pagopar.getOrder(order.link);
    const state = await getState(order.externalId);
    expect(created.request.monto_total).toBe(Number(state.amount_minor));
    expect(created.request.compras_items?.reduce((sum, item) => sum + item.precio_total, 0)).toBe(created.request.monto_total);
    expect(created.request.comprador).toMatchObject({ ruc: '80012345-6', email: order.customer.email });
    expect(state).toMatchObject({ provider: 'pagopar', charge_amount_minor: null }); // already in G$: nothing converted

    pagopar.pay(order.link);
    const answer = await postPagopar(pagopar.notification(created.hash_pedido));
    expect(answer.status).toBe(200);
    expect((await answer.json())[0]).toMatchObject({ hash_pedido: created.hash_pedido, pagado: true });
    const paid = await getState(order.externalId);
    expect(paid).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
    expect(paid.pickup_code).toMatch(/^[346789ABCDEFGHJKMNPQRTUVWXY]{8}$/);
    expect(
      pagopar.requests.some((request) => request.path === '/api/pedidos/1.1/traer' && request.body.hash_pedido === created.hash_pedido),
    ).toBe(true);
  });

  it('refuses a wrong token, an order traer cannot confirm and an order not ours; leaves a cancelled one payable', async () => {
    const pagopar = stack.gateways.pagopar;
    const order = await startParaguayanOrder({ method: 'qr' });
    const hash = pagopar.getOrder(order.link).hash_pedido;
    pagopar.pay(order.link);
    expect((await postPagopar(pagopar.notification(hash, { privateKey: 'someone-elses-private-key' }))).status).toBe(401);
    pagopar.failNext('/api/pedidos/1.1/traer', 500);
    expect((await postPagopar(pagopar.notification(hash))).status).toBe(503);
    pagopar.failNext('/api/pedidos/1.1/traer', 'timeout');
    expect((await postPagopar(pagopar.notification(hash))).status).toBe(503);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO' });
    await expect.poll(() => stack.getOutput()).toContain(`pagopar: order ${hash} could not be confirmed`);

    // an order someone else created at Pagopar (genuine token, not one of our payments)
    const token = createHash('sha1').update(`${FAKE_PAGOPAR_PRIVATE_KEY}OTRO-1000`).digest('hex');
    const foreign = await (
      await fetch(`${pagopar.url}/api/comercios/2.0/iniciar-transaccion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token,
          public_key: FAKE_PAGOPAR_PUBLIC_KEY,
          monto_total: 1000,
          id_pedido_comercio: 'OTRO-',
          tipo_pedido: 'VENTA-COMERCIO',
          descripcion_resumen: '',
          fecha_maxima_pago: '2099-01-01 00:00:00',
          comprador: { email: 'otro@example.test', documento: '1234567', tipo_documento: 'CI', ruc: '' },
          compras_items: [{ precio_total: 1000 }],
        }),
      })
    ).json();
    const foreignHash = foreign.resultado[0].data as string;
    pagopar.orders.get(foreignHash)!.pagado = true;
    expect((await postPagopar(pagopar.notification(foreignHash))).status).toBe(404);
    await expect.poll(() => stack.getOutput()).toContain(`pagopar notification for unknown payment unknown:${foreignHash} ignored`);

    const other = await startParaguayanOrder();
    const otherHash = pagopar.getOrder(other.link).hash_pedido;
    pagopar.pay(other.link, { paid: false });
    expect((await postPagopar(pagopar.notification(otherHash))).status).toBe(200);
    expect(await getState(other.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'RECUSADO' });
  });

  it('reconciliation asks traer for a payment whose notification never came; a late payment for a sold-out order is reversed', async () => {
    const pagopar = stack.gateways.pagopar;
    const order = await startParaguayanOrder();
    pagopar.pay(order.link);
    await ageNotification(order.externalId);
    await getPaymentService().reconcile();
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });

    const late = await startParaguayanOrder();
    await expireAndSellOut(late);
    const hash = pagopar.getOrder(late.link).hash_pedido;
    pagopar.pay(late.link);
    expect((await postPagopar(pagopar.notification(hash))).status).toBe(200);
    expect(await getState(late.externalId)).toMatchObject({ status: 'CANCELADO', payment_status: 'ESTORNADO' });
    expect(
      pagopar.requests.filter((request) => request.path === '/api/pedidos/1.1/reversar' && request.body.hash_pedido === hash),
    ).toHaveLength(1);
    expect(pagopar.orders.get(hash)).toMatchObject({ pagado: false, cancelado: true });
  });

  it("Pagopar's return to /checkout/payment?hash= finds the buyer's order, and only the buyer's", async () => {
    const order = await startParaguayanOrder();
    const hash = stack.gateways.pagopar.getOrder(order.link).hash_pedido;
    const page = (token: string) =>
      api(`/checkout/payment?hash=${hash}`, { host: 'es', headers: { cookie: `fronteira_session=${token}` } });
    const own = await (await page(order.customer.token)).text();
    expect(own).toContain(order.externalId);
    const stranger = await createCustomer();
    const other = await (await page(stranger.token)).text();
    expect(other).not.toContain(order.externalId);
    expect(other).toContain('role="alert"');
  });

  it("the specification's exact payload (no forma_pagamento, no parcelas) starts a checkout; Pagopar's page lets the buyer choose", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 3, priceMinor: 9_900 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const started = await apiJson<StartCheckoutAnswer>(`/ecom/venda/carrinho/${cart}/iniciar-checkout`, {
      method: 'POST',
      host: 'es',
      token: customer.token,
      json: { token_entrega: deliveryToken(cart, { currencyId: 3 }), valor_frete: 0, cliente_endereco_id: null, entrega_servico_id: null },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const link = started.body.link_pagamento[0] as string;
    expect(new URL(link).search).toBe('');
    expect(stack.gateways.pagopar.getOrder(link).request.forma_pago).toBeUndefined();
    expect(await getState(started.body.external_id)).toMatchObject({ method: 'any', payment_status: 'AGUARDANDO' });
  });
});

describe('Mercado Pago: issue 32 points 7, 8, 10, 11', () => {
  it('a payment approved after staff cancelled the order is refunded (with an idempotency key); the order stays cancelled', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder({ method: 'pix' });
    const { cookie } = await createSignedInStaff('counter', 'br');
    const cancelled = await apiJson<{ status: string }>(`/api/painel/pedidos/${await getOrderNumber(order.externalId)}/status`, {
      method: 'POST',
      host: 'br',
      json: { acao: 'cancel', nota: 'Cliente desistiu' },
      headers: { cookie, origin: `http://${getHostHeader('br')}` },
    });
    expect(cancelled.body.status).toBe('CANCELADO');
    expect(await getStock(order.product.id)).toBe(5);
    const payment = mp.pay(order.link, { method: 'pix' });
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'CANCELADO', payment_status: 'ESTORNADO', pickup_code: null });
    expect(await getStock(order.product.id)).toBe(5); // the stock is not taken again
    expect(mp.refunds).toContainEqual({ payment_id: payment.id, amount: payment.transaction_amount });
    const refundCall = mp.requests.find((request) => request.path === `/v1/payments/${payment.id}/refunds`);
    expect(refundCall?.headers['x-idempotency-key']).toBeTruthy();
  });

  it('an unsigned notification is not refused: the state is read back from the payments API, never taken from the body', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder({ method: 'pix' });
    const waiting = mp.pay(order.link, { method: 'pix', status: 'pending' });
    // a forged unsigned delivery for a payment that is not approved changes nothing
    expect((await postMercadoPago(mp.notification(waiting.id, { signed: false }))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGAMENTO', payment_status: 'AGUARDANDO' });
    waiting.status = 'approved';
    expect((await postMercadoPago(mp.notification(waiting.id, { signed: false }))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
    await expect.poll(() => stack.getOutput()).toContain(`mercadopago: unsigned notification for payment ${waiting.id}`);
  });

  it('a signed notification without x-request-id is verified on the manifest without it; a bad one is still refused', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startBrazilianOrder({ method: 'pix' });
    const payment = mp.pay(order.link, { method: 'pix' });
    const forged = mp.notification(payment.id, { requestId: null, secret: 'not-the-webhook-secret-0000' });
    expect((await postMercadoPago(forged)).status).toBe(401);
    expect((await postMercadoPago(mp.notification(payment.id, { requestId: null }))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
  });

  it("a company's CNPJ is sent as CNPJ, a person's CPF as CPF", async () => {
    const mp = stack.gateways.mercadopago;
    const company = await createCustomer({ foreignBuyer: 1, documentType: 'CPF', document: '11.222.333/0001-81' });
    const byCompany = await startBrazilianOrder({ customer: company });
    expect(mp.getPreference(byCompany.link).body.payer).toMatchObject({ identification: { type: 'CNPJ', number: '11222333000181' } });
    const byPerson = await startBrazilianOrder();
    expect(mp.getPreference(byPerson.link).body.payer).toMatchObject({ identification: { type: 'CPF', number: '52998224725' } });
  });

  it('a 429 and a 503 when creating the preference are retried under the same idempotency key: one preference, the checkout goes on', async () => {
    const mp = stack.gateways.mercadopago;
    const before = mp.requests.length;
    mp.failNext('/checkout/preferences', 429);
    mp.failNext('/checkout/preferences', 503);
    const order = await startBrazilianOrder({ method: 'pix' });
    const calls = mp.requests.slice(before).filter((request) => request.path === '/checkout/preferences');
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.headers['x-idempotency-key'])).size).toBe(1);
    expect(mp.getPreference(order.link).body.external_reference).toBe(calls[0]!.body.external_reference);
  });

  it('the preference expires with the stock reservation; a boleto is due a day before its 72-hour reservation ends', async () => {
    const mp = stack.gateways.mercadopago;
    for (const [method, hours] of [
      ['pix', 0.5],
      ['boleto', 72],
    ] as const) {
      const order = await startBrazilianOrder({ method });
      const reservedUntil = await getReservationEnd(order.externalId);
      expect(Math.abs(reservedUntil - Date.now() - hours * 3_600_000)).toBeLessThan(120_000);
      const payBy = method === 'boleto' ? reservedUntil - 24 * 3_600_000 : reservedUntil;
      const body = mp.getPreference(order.link).body;
      expect(body.expires).toBe(true);
      expect(Date.parse(String(body.expiration_date_to))).toBe(payBy);
      expect(Date.parse(String(body.date_of_expiration))).toBe(payBy);
      expect(String(body.date_of_expiration)).toMatch(/-03:00$/);
    }
    // with no method chosen the short reservation holds: boleto is not offered on Mercado Pago's page
    const open = await startBrazilianOrder({ body: { forma_pagamento: undefined } });
    const excluded = mp.getPreference(open.link).body.payment_methods?.excluded_payment_types.map((type) => type.id);
    expect(excluded).toContain('ticket');
  });
});
