import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiJson, getHostHeader, getTestDb, type ErrorAnswer } from '../support/api.ts';
import { listMailsIn, waitForMailIn } from '../support/mail.ts';
import { createSignedInStaff } from '../support/staff.ts';
import type { TestStack } from '../support/test-stack.ts';
import { createCustomer } from './checkout-fixtures.ts';
import { ageNotification, getPaymentService, getState, postPagopar, startGatewayStack, startParaguayanOrder } from './gateway-fixtures.ts';

/**
 * Issue 32 points 4, 5 and 12 against the Pagopar fake ("Reversar un pedido pagado": which
 * methods, which day, Inmediata or Agendada), through the shop's webhook and order desk routes.
 */
let stack: TestStack;
let adminCookie: string;

beforeAll(async () => {
  stack = await startGatewayStack();
  adminCookie = (await createSignedInStaff('admin')).cookie;
}, 120_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

type Order = Awaited<ReturnType<typeof startParaguayanOrder>>;

/** A paid Paraguayan pickup order (a cédula-only buyer), its notification delivered. */
async function startPaidOrder(options: { method?: string; paidAt?: Date } = {}): Promise<Order & { hash: string }> {
  const customer = await createCustomer({ documentType: '', document: '', identity: '3456789' });
  const order = await startParaguayanOrder({ customer });
  const pagopar = stack.gateways.pagopar;
  const hash = pagopar.getOrder(order.link).hash_pedido;
  pagopar.pay(order.link, { method: options.method, paidAt: options.paidAt });
  expect((await postPagopar(pagopar.notification(hash))).status).toBe(200);
  return { ...order, hash };
}

async function getOrderNumber(externalId: string): Promise<number> {
  return Number(
    (await getTestDb().query<{ number: string }>('SELECT number FROM orders WHERE external_id = $1', [externalId])).rows[0]!.number,
  );
}

async function getRefundState(externalId: string) {
  const { rows } = await getTestDb().query<{ refund_state: string | null; refund_attempts: number; staff_notice: string | null }>(
    `SELECT p.refund_state, p.refund_attempts, p.staff_notice FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1`,
    [externalId],
  );
  return rows[0]!;
}

async function getStock(productId: number): Promise<number> {
  return (await getTestDb().query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock;
}

function postManualRefund<T = { pedido: number; estorno_confirmado: boolean }>(number: number, json: Record<string, unknown>) {
  return apiJson<T>(`/api/painel/pedidos/${number}/estorno-manual`, {
    method: 'POST',
    host: 'es',
    json,
    headers: { cookie: adminCookie, origin: `http://${getHostHeader('es')}` },
  });
}

function refundAtDesk(number: number) {
  return apiJson<{ status: string; estorno_confirmado: boolean }>(`/api/painel/pedidos/${number}/status`, {
    method: 'POST',
    host: 'es',
    json: { acao: 'refund', status_esperado: 'PAGO', nota: 'El cliente desistió' },
    headers: { cookie: adminCookie, origin: `http://${getHostHeader('es')}` },
  });
}

const reversals = (hash: string) =>
  stack.gateways.pagopar.requests.filter((request) => request.path === '/api/pedidos/1.1/reversar' && request.body.hash_pedido === hash);

/** The refund e-mails the shopper received, once the first has arrived. */
async function countRefundMails(email: string): Promise<number> {
  const refunded = (subject: string) => subject.includes('reembolsado');
  await waitForMailIn(stack.mailDir, email, (mail) => refunded(mail.subject));
  return (await listMailsIn(stack.mailDir, email)).filter((mail) => refunded(mail.subject)).length;
}

describe('refunds as Pagopar can do them (point 4)', () => {
  it('a card paid today is reversed at once: ESTORNADO, stock back, the shopper told', async () => {
    const order = await startPaidOrder();
    const answer = await refundAtDesk(await getOrderNumber(order.externalId));
    expect(answer.body).toMatchObject({ status: 'ESTORNADO', estorno_confirmado: true });
    expect(await getState(order.externalId)).toMatchObject({ status: 'ESTORNADO', payment_status: 'ESTORNADO' });
    expect(await getStock(order.product.id)).toBe(5);
    expect(await countRefundMails(order.customer.email)).toBe(1);
  });

  it('a card paid two days ago is "Agendada": pending, nobody told, until traer shows it applied', async () => {
    const order = await startPaidOrder({ paidAt: new Date(Date.now() - 2 * 86_400_000) });
    const answer = await refundAtDesk(await getOrderNumber(order.externalId));
    expect(answer.body).toMatchObject({ status: 'ESTORNADO', estorno_confirmado: false });
    expect(await getState(order.externalId)).toMatchObject({ status: 'ESTORNADO', payment_status: 'PAGO' });
    expect(await getRefundState(order.externalId)).toMatchObject({ refund_state: 'AGENDADO', staff_notice: 'noticeRefundScheduled' });
    await ageNotification(order.externalId);
    await getPaymentService().reconcile();
    expect(reversals(order.hash)).toHaveLength(1); // asked once, not again while scheduled
    expect(await getState(order.externalId)).toMatchObject({ payment_status: 'PAGO' });

    stack.gateways.pagopar.applyScheduledReversal(order.hash);
    await ageNotification(order.externalId);
    await getPaymentService().reconcile();
    expect(await getState(order.externalId)).toMatchObject({ status: 'ESTORNADO', payment_status: 'ESTORNADO' });
    expect(await getRefundState(order.externalId)).toMatchObject({ refund_state: null });
    expect(await countRefundMails(order.customer.email)).toBe(1);
  });

  it('a method Pagopar cannot reverse (QR) is never sent to reversar: it goes to staff as a manual refund', async () => {
    const order = await startPaidOrder({ method: '24' });
    const answer = await refundAtDesk(await getOrderNumber(order.externalId));
    expect(answer.body).toMatchObject({ status: 'ESTORNADO', estorno_confirmado: false });
    expect(reversals(order.hash)).toHaveLength(0);
    expect(await getRefundState(order.externalId)).toMatchObject({ refund_state: 'MANUAL', staff_notice: 'noticeRefundManual' });
    expect(await getStock(order.product.id)).toBe(5);
    const number = await getOrderNumber(order.externalId);
    const page = await api(`/painel/pedidos/${number}`, { host: 'es', headers: { cookie: adminCookie } });
    expect(await page.text()).toContain('El proveedor no devuelve pagos de esta forma o de esta fecha');

    // the admin gave the money back by bank transfer and records it; bad input first
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const json of [
      { como: 'Transferencia', quando: future },
      { como: ' ', quando: '2026-01-01' },
    ]) {
      const refused = await postManualRefund<ErrorAnswer>(number, json);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('Indica cómo se devolvió el monto y la fecha de la devolución (hoy o antes).');
    }
    const today = new Date().toISOString().slice(0, 10);
    const recorded = await postManualRefund(number, { como: 'Transferencia bancaria Itaú', quando: today });
    expect(recorded).toMatchObject({ status: 200, body: { pedido: number, estorno_confirmado: true } });
    expect(await getState(order.externalId)).toMatchObject({ status: 'ESTORNADO', payment_status: 'ESTORNADO' });
    expect(await getRefundState(order.externalId)).toMatchObject({ refund_state: null, staff_notice: null });
    const { rows: audit } = await getTestDb().query<{ action: string; after: unknown }>(
      `SELECT action, after FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 ORDER BY id`,
      [String(number)],
    );
    expect(audit.map((row) => row.action)).toEqual(['order.refund', 'order.manual_refund']);
    expect(audit[1]!.after).toMatchObject({ refund: { how: 'Transferencia bancaria Itaú', day: today } });
    expect(await countRefundMails(order.customer.email)).toBe(1);
    expect((await postManualRefund<ErrorAnswer>(number, { como: 'Otra vez', quando: today })).status).toBe(409); // nothing left to give back
  });

  it('a reversal that keeps failing is retried a bounded number of times, then flagged to staff', async () => {
    const order = await startPaidOrder();
    for (let attempt = 0; attempt < 5; attempt += 1) stack.gateways.pagopar.failNext('/api/pedidos/1.1/reversar', 500);
    await refundAtDesk(await getOrderNumber(order.externalId));
    for (let run = 0; run < 6; run += 1) await getPaymentService().reconcile();
    expect(reversals(order.hash)).toHaveLength(5);
    expect(await getRefundState(order.externalId)).toMatchObject({
      refund_state: 'MANUAL',
      refund_attempts: 5,
      staff_notice: 'noticeRefundFailing',
    });
    expect(await getState(order.externalId)).toMatchObject({ payment_status: 'PAGO' });
  });
});

describe("reversals made on Pagopar's side (point 5)", () => {
  it('a pagado:false notification after payment takes the order out of PAGO, voids its pickup code, tells staff', async () => {
    const order = await startPaidOrder();
    const paid = await getState(order.externalId);
    expect(paid).toMatchObject({ status: 'PAGO' });
    expect(paid.pickup_code).not.toBeNull();
    stack.gateways.pagopar.reverseOnGateway(order.hash);
    expect((await postPagopar(stack.gateways.pagopar.notification(order.hash))).status).toBe(200);
    expect(await getState(order.externalId)).toMatchObject({ status: 'ESTORNADO', payment_status: 'ESTORNADO', pickup_code: null });
    expect(await getRefundState(order.externalId)).toMatchObject({ staff_notice: 'noticeReversedAtGateway' });
    expect(await getStock(order.product.id)).toBe(5);
  });

  it('without a notification, reconciliation reads the reversal with traer', async () => {
    const order = await startPaidOrder();
    stack.gateways.pagopar.reverseOnGateway(order.hash);
    await ageNotification(order.externalId);
    await getPaymentService().reconcile();
    expect(await getState(order.externalId)).toMatchObject({ status: 'ESTORNADO', payment_status: 'ESTORNADO', pickup_code: null });
  });
});

describe('reconciliation never starves (point 12)', () => {
  it('abandoned checkouts do not hide newer payments: every one is looked at within ceil(open / limit) runs, newest first', async () => {
    const abandoned: Order[] = [];
    for (let index = 0; index < 3; index += 1) abandoned.push(await startParaguayanOrder());
    const newest = await startParaguayanOrder();
    stack.gateways.pagopar.pay(newest.link);
    for (const order of [...abandoned, newest]) await ageNotification(order.externalId);
    await getPaymentService().reconcile({ limit: 2 });
    expect(await getState(newest.externalId)).toMatchObject({ status: 'PAGO' });

    stack.gateways.pagopar.pay(abandoned[0]!.link); // the oldest is paid at last
    await getPaymentService().reconcile({ limit: 2 });
    expect(await getState(abandoned[0]!.externalId)).toMatchObject({ status: 'PAGO' });
  });
});
