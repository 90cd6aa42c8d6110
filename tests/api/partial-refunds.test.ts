import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEventsPageSchema, type OrderEvent, type OrderEventsPage } from '#lib/contract/erp-api.ts';
import { OrderViewSchema } from '#lib/contract/orders-schema.ts';
import { api, apiAnswer, apiJson, getHostHeader, getTestDb, type ErrorAnswer, type Host } from '../support/api.ts';
import { createKey } from '../support/api-keys.ts';
import { listMailsIn, waitForMailIn } from '../support/mail.ts';
import { createSignedInStaff } from '../support/staff.ts';
import type { TestStack } from '../support/test-stack.ts';
import { createCart, createCustomer, createProduct, getStock, startCheckout, type TestCustomer } from './checkout-fixtures.ts';
import { getState, postMercadoPago, postPagopar, startGatewayStack } from './gateway-fixtures.ts';

/**
 * Issue 34 point 5 (decision 1140): staff refund chosen lines of a paid order through the shop's
 * own routes, against the gateway fakes: Mercado Pago gives the part back (its refunds API with
 * `amount`), Pagopar cannot (reversal of whole orders only), so the part is returned by hand and
 * recorded. Stock of exactly the refunded quantities comes back; the order keeps its status.
 */
let stack: TestStack;
let admin: string;
let counter: string;

beforeAll(async () => {
  stack = await startGatewayStack();
  admin = (await createSignedInStaff('admin')).cookie;
  counter = (await createSignedInStaff('counter')).cookie;
}, 120_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

interface PaidOrder {
  customer: TestCustomer;
  externalId: string;
  number: number;
  first: { id: number };
  second: { id: number };
  /** The order line (position) of each product. */
  line: { first: number; second: number };
}

/** A paid two-line order (2 of the first product, 1 of the second, 5 of each in stock before). */
async function startTwoLineOrder(host: 'br' | 'es'): Promise<PaidOrder & { link: string }> {
  const customer =
    host === 'br'
      ? await createCustomer({ foreignBuyer: 1 })
      : await createCustomer({ documentType: '', document: '', identity: '3456789' });
  const first = await createProduct({ stock: 5, priceMinor: 10_000 });
  const second = await createProduct({ stock: 5, priceMinor: 4_000 });
  const currencyId = host === 'br' ? 2 : 3;
  const cart = await createCart(customer.id, currencyId, [
    { productId: first.id, quantity: 2 },
    { productId: second.id, quantity: 1 },
  ]);
  const started = await startCheckout(customer, cart, { host, currencyId, method: host === 'br' ? 'card' : 'card' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const externalId = started.body.external_id as string;
  const { rows } = await getTestDb().query<{ number: string; position: number; product_id: number }>(
    'SELECT o.number, i.position, i.product_id FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.external_id = $1',
    [externalId],
  );
  const positionOf = (productId: number) => rows.find((row) => row.product_id === productId)!.position;
  const line = { first: positionOf(first.id), second: positionOf(second.id) };
  return { customer, externalId, number: Number(rows[0]!.number), first, second, line, link: started.body.link_pagamento[0] as string };
}

function postPartialRefund(number: number, json: unknown, cookie = admin) {
  return apiJson<{ pedido: number; devolucao: number; valor_minor: number; estorno_confirmado: boolean } & ErrorAnswer>(
    `/api/painel/pedidos/${number}/devolucao-parcial`,
    { method: 'POST', host: 'es', json, headers: { cookie, origin: `http://${getHostHeader('es')}` } },
  );
}

function postDesk(number: number, path: string, json: unknown) {
  return apiJson<Record<string, unknown> & ErrorAnswer>(`/api/painel/pedidos/${number}/${path}`, {
    method: 'POST',
    host: 'es',
    json,
    headers: { cookie: admin, origin: `http://${getHostHeader('es')}` },
  });
}

async function getShopperView(order: PaidOrder, host: Host) {
  return apiAnswer(OrderViewSchema, await apiJson(`/ecom/venda/pedidos/${order.externalId}`, { host, token: order.customer.token })).body;
}

async function getAudit(number: number) {
  const { rows } = await getTestDb().query<{ action: string; staff_email: string | null; after: Record<string, unknown> }>(
    `SELECT a.action, s.email AS staff_email, a.after FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id
      WHERE a.entity_type = 'order' AND a.entity_id = $1 ORDER BY a.id`,
    [String(number)],
  );
  return rows;
}

/** The ERP feed's partial-refund events of one order (issue 34 point 8), read to its end. */
async function readPartialRefundEvents(key: string, number: number): Promise<OrderEvent[]> {
  const events: OrderEvent[] = [];
  let cursor: string | null = null;
  for (;;) {
    const query: URLSearchParams = new URLSearchParams({ limite: '200', ...(cursor ? { cursor } : {}) });
    const page: OrderEventsPage = apiAnswer(
      OrderEventsPageSchema,
      await apiJson(`/api/painel/v1/pedidos-eventos?${query}`, { host: 'es', token: key }),
    ).body;
    events.push(...page.eventos);
    cursor = page.proximo_cursor;
    if (!page.mais) return events.filter((event) => event.pedido === number && event.tipo === 'estorno_parcial');
  }
}

describe('partial refunds', () => {
  it('Mercado Pago gives one line back; stock of that line only; refusals are clear; the shopper sees and hears it', async () => {
    const mp = stack.gateways.mercadopago;
    const order = await startTwoLineOrder('br');
    const payment = mp.pay(order.link);
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    expect(await getStock(order.first.id)).toBe(3);
    expect(await getStock(order.second.id)).toBe(4);

    // the counter role does not refund; bad input is refused in the staff member's language, nothing changed
    expect((await postPartialRefund(order.number, { linhas: [{ posicao: order.line.first, qtde: 1 }], motivo: 'x' }, counter)).status).toBe(
      403,
    );
    const noReason = await postPartialRefund(order.number, { linhas: [{ posicao: order.line.first, qtde: 1 }], motivo: ' ' });
    expect(noReason).toMatchObject({ status: 422, body: { message: 'Indica el motivo.' } });
    const nothing = await postPartialRefund(order.number, { linhas: [{ posicao: order.line.first, qtde: 0 }], motivo: 'Roto' });
    expect(nothing).toMatchObject({ status: 422, body: { message: 'Elige la cantidad a devolver de al menos un artículo.' } });
    const over = await postPartialRefund(order.number, { linhas: [{ posicao: order.line.first, qtde: 3 }], motivo: 'Roto' });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/: solo quedan 2 unidad\(es\) por devolver\.$/);
    expect(mp.refunds.filter((refund) => refund.payment_id === payment.id)).toHaveLength(0);

    // one unit of the first line: that share of what Mercado Pago charged (BRL) goes back
    const done = await postPartialRefund(order.number, { linhas: [{ posicao: order.line.first, qtde: 1 }], motivo: 'Llegó roto' });
    expect(done).toMatchObject({ status: 200, body: { estorno_confirmado: true, valor_minor: 10_000 } });
    const state = await getState(order.externalId);
    expect(state).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
    const charged = Number(state.charge_amount_minor);
    const share = Math.round((charged * 10_000) / 24_000);
    expect(mp.refunds.filter((refund) => refund.payment_id === payment.id)).toEqual([{ payment_id: payment.id, amount: share / 100 }]);
    const refundCall = mp.requests.findLast((request) => request.path === `/v1/payments/${payment.id}/refunds`)!;
    expect(refundCall.headers['x-idempotency-key']).toBe(`refund-${await getReference(order.externalId)}-part-${done.body.devolucao}`);
    expect(payment).toMatchObject({ status: 'approved', status_detail: 'partially_refunded' });
    expect(await getStock(order.first.id)).toBe(4);
    expect(await getStock(order.second.id)).toBe(4);

    // Mercado Pago's notification of the partly refunded payment changes nothing (still approved)
    expect((await postMercadoPago(mp.notification(payment.id))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });

    // the shopper's page and e-mail (pt-BR, a Brazilian order)
    const view = await getShopperView(order, 'br');
    expect(view.itens.map((item) => [item.produto.id, item.qtde_devolvida])).toEqual(
      expect.arrayContaining([
        [order.first.id, 1],
        [order.second.id, 0],
      ]),
    );
    expect(view.valor_devolvido).toBe(100);
    const page = await (await api(`/pedido/${order.externalId}`, { host: 'br', token: order.customer.token })).text();
    expect(page).toContain('1 devolvido(s)');
    expect(page).toMatch(/A loja devolveu U\$\s?100,00 por itens deste pedido/);
    const mail = await waitForMailIn(stack.mailDir, order.customer.email, (m) => m.subject.includes('Devolução de parte do pedido'));
    expect(mail.text).toMatch(/Devolvemos U\$\s?100,00 do pedido nº \d+/);
    expect(mail.text).toMatch(/1 x CHK-\S+ Serra CHK-/);

    // the second unit too, then that line is refused twice; what remains of a paid order goes by the whole refund
    expect((await postPartialRefund(order.number, { linhas: [{ posicao: order.line.first, qtde: 1 }], motivo: 'Otro roto' })).status).toBe(
      200,
    );
    const twice = await postPartialRefund(order.number, { linhas: [{ posicao: order.line.first, qtde: 1 }], motivo: 'De nuevo' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/ ya fue devuelto por completo\.$/);
    const whole = await postPartialRefund(order.number, { linhas: [{ posicao: order.line.second, qtde: 1 }], motivo: 'Todo' });
    expect(whole).toMatchObject({ status: 409, body: { message: expect.stringContaining('usa "Reembolsar pago"') } });
    expect(await getStock(order.first.id)).toBe(5);
    expect(await getStock(order.second.id)).toBe(4);

    // the whole refund afterwards gives back only what remains, money and stock
    const rest = await postDesk(order.number, 'status', { acao: 'refund', status_esperado: 'PAGO', nota: 'Cancela el resto' });
    expect(rest).toMatchObject({ status: 200, body: { status: 'ESTORNADO', estorno_confirmado: true } });
    const given = mp.refunds.filter((refund) => refund.payment_id === payment.id).reduce((sum, refund) => sum + refund.amount, 0);
    expect(Math.round(given * 100)).toBe(charged);
    expect(payment.status).toBe('refunded');
    expect(await getStock(order.first.id)).toBe(5);
    expect(await getStock(order.second.id)).toBe(5);

    const audit = await getAudit(order.number);
    expect(audit.filter((row) => row.action === 'order.partial_refund')).toHaveLength(2);
    expect(audit.find((row) => row.action === 'order.partial_refund')).toMatchObject({
      staff_email: expect.stringContaining('@'),
      after: { note: 'Llegó roto', refund: { amountMinor: 10_000, lines: [{ position: order.line.first, quantity: 1 }] } },
    });
  });

  it('Pagopar cannot give a part back: the admin returns it by hand and records it; then the shopper is told', async () => {
    const pagopar = stack.gateways.pagopar;
    const order = await startTwoLineOrder('es');
    const hash = pagopar.getOrder(order.link).hash_pedido;
    pagopar.pay(order.link);
    expect((await postPagopar(pagopar.notification(hash))).status).toBe(200);

    const done = await postPartialRefund(order.number, { linhas: [{ posicao: order.line.second, qtde: 1 }], motivo: 'No le gustó' });
    expect(done).toMatchObject({ status: 200, body: { estorno_confirmado: false } });
    expect(pagopar.requests.filter((request) => request.path === '/api/pedidos/1.1/reversar')).toHaveLength(0);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });
    expect(await getStock(order.first.id)).toBe(3);
    expect(await getStock(order.second.id)).toBe(5);
    // not returned yet: the shopper's page shows nothing refunded, the desk asks for the record
    expect((await getShopperView(order, 'es')).valor_devolvido).toBe(0);
    const desk = await (await api(`/painel/pedidos/${order.number}`, { host: 'es', headers: { cookie: admin } })).text();
    expect(desk).toContain('por devolver por otro medio');
    expect(desk).toContain('data-testid="desk-refund-manual"');

    // the ERP hears of a part only once its money went back
    const erpKey = await createKey(['orders:events']);
    expect(await readPartialRefundEvents(erpKey, order.number)).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const recorded = await postDesk(order.number, 'estorno-manual', {
      como: 'Transferencia Itaú',
      quando: today,
      devolucao: done.body.devolucao,
    });
    expect(recorded).toMatchObject({ status: 200, body: { estorno_confirmado: true, devolucao: done.body.devolucao } });
    const again = await postDesk(order.number, 'estorno-manual', { como: 'Otra vez', quando: today, devolucao: done.body.devolucao });
    expect(again.status).toBe(409);
    // the payment itself was not returned: the whole-payment record is still refused on a paid order
    expect((await postDesk(order.number, 'estorno-manual', { como: 'Todo', quando: today })).status).toBe(409);
    expect(await getState(order.externalId)).toMatchObject({ status: 'PAGO', payment_status: 'PAGO' });

    const [event, ...more] = await readPartialRefundEvents(erpKey, order.number);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ status: 'PAGO', estorno: { itens: [{ codigo: expect.stringMatching(/^CHK-/), quantidade: 1 }] } });
    expect(event!.estorno!.valor).not.toBeNull();

    const view = await getShopperView(order, 'es');
    expect(view.itens.map((item) => [item.produto.id, item.qtde_devolvida])).toEqual(
      expect.arrayContaining([
        [order.first.id, 0],
        [order.second.id, 1],
      ]),
    );
    expect(view.valor_devolvido).toBe(done.body.valor_minor);
    const mail = await waitForMailIn(stack.mailDir, order.customer.email, (m) => m.subject.includes('Reembolso de parte del pedido'));
    expect(mail.text).toMatch(/1 x CHK-\S+ Sierra CHK-/);
    expect((await listMailsIn(stack.mailDir, order.customer.email)).filter((m) => m.subject.includes('Reembolso de parte'))).toHaveLength(
      1,
    );
    const audit = await getAudit(order.number);
    expect(audit.map((row) => row.action)).toEqual(['order.partial_refund', 'order.manual_refund']);
    expect(audit[1]!.after).toMatchObject({ refund: { how: 'Transferencia Itaú', partialRefund: done.body.devolucao } });
  });
});

async function getReference(externalId: string): Promise<string> {
  const { rows } = await getTestDb().query<{ reference: string }>(
    'SELECT p.reference FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1',
    [externalId],
  );
  return rows[0]!.reference;
}
