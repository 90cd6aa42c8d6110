import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '#lib/money.ts';
import { systemClock } from '#server/clock.ts';
import { enqueueOrderStatusMail } from '#server/mail/index.ts';
import { createSandboxProvider, getWebhookSecret } from '#server/payments/sandbox.ts';
import { createPaymentService } from '#server/payments/service.ts';
import { api, getTestDb, useOwnStack } from '../support/api.ts';
import { extractPdfText } from '../support/pdf-text.ts';
import { startShopProcess } from '../support/shop-process.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import {
  createCart,
  createCustomer,
  createPaidOrder,
  createPendingOrder,
  createProduct,
  signedWebhook,
  startCheckout,
} from './checkout-fixtures.ts';

/**
 * Order e-mails through the job queue to a real SMTP server (the catcher), on a shop of its own:
 * the store's address is set, and the catcher refuses the first delivery of every
 * payment-confirmed mail and store notice (451 to the shopper, 554 to the store), so those go
 * out only on the queue's retry. The secrets are shared by environment so that this process
 * signs webhooks and delivery options as the shop checks them.
 */
const STORE = 'pedidos@fronteira.test';
const SECRETS = {
  PAYMENT_WEBHOOK_SECRET: 'order-mail-test-webhook-secret-0001',
  SHIPPING_TOKEN_SECRET: 'order-mail-test-shipping-secret-001',
};
const PAID = /^(Pagamento confirmado|Pago confirmado|Nuevo pedido pagado)/;
let stack: TestStack;

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  stack = await startTestStack(
    { ...SECRETS, STORE_ORDERS_EMAIL: STORE, PAYMENT_JOBS_INTERVAL_S: '0' },
    {
      captureOutput: true,
      smtpRefuse: ({ to, subject, attempt }) => (attempt === 1 && PAID.test(subject) ? (to.includes(STORE) ? 554 : 451) : null),
    },
  );
  useOwnStack(stack);
}, 90_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

async function readCaughtMail(): Promise<ParsedMail[]> {
  const names = await readdir(stack.mailDir);
  return Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(stack.mailDir, name)))));
}

function toAddress(mail: ParsedMail): string {
  return (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value.map((entry) => entry.address ?? '') ?? []).join(',');
}

async function findMail(to: string, subject: string): Promise<ParsedMail[]> {
  return (await readCaughtMail()).filter((mail) => toAddress(mail) === to && mail.subject === subject);
}

/** Every queued e-mail was sent (a refused one waits for its retry, e^1 s later). */
async function waitForMailQueue(): Promise<void> {
  const pending = async () =>
    (
      await getTestDb().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier IN ('order_mail', 'send_mail')`,
      )
    ).rows[0]!.n;
  await expect.poll(pending, { timeout: 30_000, interval: 200 }).toBe(0);
}

function pay(order: { payment: { reference: string; amount_minor: number; currency_id: number } }) {
  const webhook = signedWebhook({
    reference: order.payment.reference,
    status: 'approved',
    amount_minor: order.payment.amount_minor,
    currency_id: order.payment.currency_id,
  });
  return api('/ecom/pagamentos/webhook/sandbox', { method: 'POST', host: 'local', body: webhook.body, headers: webhook.headers });
}

async function getPickupCode(externalId: string): Promise<string> {
  return (await getTestDb().query<{ pickup_code: string }>('SELECT pickup_code FROM orders WHERE external_id = $1', [externalId])).rows[0]!
    .pickup_code;
}

/** Every link of both parts (the text's addresses, the HTML's hrefs). */
function linksOf(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  return [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]).concat(hrefs);
}

/** An HTML e-mail with its text part, from the storefront's name at no-reply@ its host, linking to no other storefront. */
function expectStorefrontMail(mail: ParsedMail, storefront: 'br' | 'es', name: string) {
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.text?.length).toBeGreaterThan(50);
  expect(mail.from?.value).toEqual([{ name, address: `no-reply@${storefront}.localhost` }]);
  const other = storefront === 'br' ? 'es.localhost' : 'br.localhost';
  expect(linksOf(mail).filter((link) => new URL(link).hostname === other)).toEqual([]);
  expect(linksOf(mail).some((link) => new URL(link).hostname === `${storefront}.localhost`)).toBe(true);
}

function expectTicket(mail: ParsedMail, fileName: string, code: string, number: number) {
  expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([[fileName, 'application/pdf']]);
  const pdf = mail.attachments[0]!.content;
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(extractPdfText(pdf)).toContain(code);
  expect(extractPdfText(pdf)).toContain(String(number));
}

describe('order e-mails through the job queue', { timeout: 90_000 }, () => {
  it('a Paraguayan order: created with the pay link, paid once (after a refused first try) with the ticket PDF, the store told once', async () => {
    const order = await createPendingOrder();
    const origin = `http://es.localhost:${stack.port}`;
    await expect
      .poll(async () => (await findMail(order.customer.email, `Pedido n.º ${order.number} recibido: esperando el pago`)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const [created] = await findMail(order.customer.email, `Pedido n.º ${order.number} recibido: esperando el pago`);
    expect(created!.text).toContain(`${origin}/sandbox/pagamento/${order.payment.reference}`);
    expect(created!.text).toContain(`${origin}/pedido/${order.externalId}`);

    expect((await pay(order)).status).toBe(200);
    expect((await pay(order)).status).toBe(200); // a replayed notification changes nothing and sends nothing
    await waitForMailQueue();
    const code = await getPickupCode(order.externalId);
    const paid = await findMail(order.customer.email, `Pago confirmado: pedido n.º ${order.number}`);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.text).toContain('Hola, Teste.');
    expect(paid[0]!.text).toContain(`Código de retiro: ${code}`);
    expect(paid[0]!.text).toContain(`${origin}/pedido/${order.externalId}`);
    expectTicket(paid[0]!, `ticket-pedido-${order.number}.pdf`, code, order.number);
    for (const mail of [created!, paid[0]!]) expectStorefrontMail(mail, 'es', 'Fronteira Herramientas');
    // The order's own currency, the amount the gateway charges (decision 1220), in both e-mails.
    expect(order.payment.currency_id).toBe(3);
    for (const mail of [created!, paid[0]!]) expect(mail.text).toContain(formatPrice(order.payment.amount_minor, 3));

    const notice = await findMail(STORE, `Nuevo pedido pagado n.º ${order.number}`);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(order.customer.email);
    expect(notice[0]!.text).toContain(`Código de retiro: ${code}`);
    expect(notice[0]!.text).toContain(`1 x ${order.product.code}`);
    expect(notice[0]!.text).toContain(`${origin}/painel/pedidos/${order.number}`);

    const refused = stack.getSmtpRefusals().filter((refusal) => refusal.subject.endsWith(` ${order.number}`));
    expect(refused.map(({ to, code: reply }) => [to.join(','), reply]).sort()).toEqual([
      [order.customer.email, 451],
      [STORE, 554],
    ]);
  });

  it('a Brazilian order: the e-mails in Portuguese with links to the Brazilian storefront, the store notice in Spanish', async () => {
    const customer = await createCustomer({ foreignBuyer: 1 });
    const product = await createProduct({ stock: 5 });
    const picture = `/img/product/${product.code.toLowerCase()}.webp`;
    await getTestDb().query('UPDATE products SET images = $2::jsonb WHERE id = $1', [product.id, JSON.stringify([{ url: picture }])]);
    const cart = await createCart(customer.id, 1, [{ productId: product.id, quantity: 2 }]);
    const started = await startCheckout(customer, cart, { host: 'br', currencyId: 1, method: 'pix' });
    expect(started.status).toBe(201);
    const { external_id: externalId, pedido: number } = started.body as { external_id: string; pedido: number };
    const payment = (
      await getTestDb().query<{ reference: string; amount_minor: number; currency_id: number }>(
        'SELECT p.reference, p.amount_minor::int AS amount_minor, p.currency_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1',
        [externalId],
      )
    ).rows[0]!;
    expect((await pay({ payment })).status).toBe(200);
    await waitForMailQueue();
    const origin = `http://br.localhost:${stack.port}`;
    const created = await findMail(customer.email, `Pedido nº ${number} recebido: aguardando pagamento`);
    expect(created).toHaveLength(1);
    expect(created[0]!.text).toContain(`${origin}/sandbox/pagamento/${payment.reference}`);
    const code = await getPickupCode(externalId);
    const paid = await findMail(customer.email, `Pagamento confirmado: pedido nº ${number}`);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.text).toContain('Olá, Teste.');
    expect(paid[0]!.text).toContain(`Código de retirada: ${code}`);
    expect(paid[0]!.text).toContain(`${origin}/pedido/${externalId}`);
    expectTicket(paid[0]!, `ticket-pedido-${number}.pdf`, code, number);
    // HTML from the Brazilian storefront: the items with their picture there, the totals, the pickup place and its map.
    for (const mail of [created[0]!, paid[0]!]) expectStorefrontMail(mail, 'br', 'Fronteira Ferramentas');
    expect(paid[0]!.html).toContain(`src="${origin}${picture}"`);
    expect(paid[0]!.text).toContain(`Serra ${product.code}`);
    expect(paid[0]!.text).toMatch(/Total\s+R\$ \d/);
    for (const mail of [created[0]!, paid[0]!]) expect(mail.text).toContain(formatPrice(payment.amount_minor, 1));
    expect(paid[0]!.text).toContain('Ver no mapa https://www.google.com/maps/search/');
    expect(await findMail(STORE, `Nuevo pedido pagado n.º ${number}`)).toHaveLength(1);
  });

  it('a home delivery: the store notice gives the address and the panel link, and no e-mail gives a pickup code', async () => {
    const order = await createPaidOrder({ delivery: true });
    await waitForMailQueue();
    const code = await getPickupCode(order.externalId);
    const [paid] = await findMail(order.customer.email, `Pago confirmado: pedido n.º ${order.number}`);
    const [notice] = await findMail(STORE, `Nuevo pedido pagado n.º ${order.number}`);
    expect(notice!.text).toContain('Dirección de entrega:\nAv. España 1500\nVilla Morra — Asunción');
    expect(notice!.text).toContain(`http://es.localhost:${stack.port}/painel/pedidos/${order.number}`);
    for (const mail of [paid!, notice!]) {
      expect(mail.text).not.toContain(code);
      expect(mail.text).not.toMatch(/Código de retiro/);
    }
  });

  it("the order desk's hook: shipped, handed over and refunded e-mails when their transaction commits, none when it rolls back", async () => {
    const order = await createPendingOrder();
    const { id } = (await getTestDb().query<{ id: number }>('SELECT id FROM orders WHERE external_id = $1', [order.externalId])).rows[0]!;
    const changeStatus = async (status: string, commit: boolean) => {
      const tx = await getTestDb().connect();
      try {
        await tx.query('BEGIN');
        await tx.query('UPDATE orders SET status = $2 WHERE id = $1', [id, status]);
        await enqueueOrderStatusMail(tx, id, status);
        await tx.query(commit ? 'COMMIT' : 'ROLLBACK');
      } finally {
        tx.release();
      }
    };
    await changeStatus('ENVIADO', false);
    await changeStatus('CANCELADO', true);
    await waitForMailQueue();
    const subjects = async () =>
      (await readCaughtMail())
        .filter((mail) => toAddress(mail) === order.customer.email)
        .map((mail) => mail.subject)
        .sort();
    expect(await subjects()).toEqual([`Pedido n.º ${order.number} recibido: esperando el pago`]);
    for (const status of ['ENVIADO', 'RETIRADO', 'ESTORNADO']) await changeStatus(status, true);
    await waitForMailQueue();
    expect(await subjects()).toEqual([
      `Pedido n.º ${order.number} enviado`,
      `Pedido n.º ${order.number} recibido: esperando el pago`,
      `Pedido n.º ${order.number} reembolsado`,
      `Pedido n.º ${order.number} retirado`,
    ]);
    const [refunded] = await findMail(order.customer.email, `Pedido n.º ${order.number} reembolsado`);
    expect(refunded!.text).toContain(`http://es.localhost:${stack.port}/pedido/${order.externalId}`);
  });

  it('a payment approved after the reservation expired and the stock was sold is refunded, and the shopper told once', async () => {
    const order = await createPendingOrder({ stock: 1 });
    const db = getTestDb();
    await db.query(
      `UPDATE stock_reservations SET expires_at = now() - interval '1 minute' WHERE order_id = (SELECT id FROM orders WHERE external_id = $1)`,
      [order.externalId],
    );
    const sandbox = createSandboxProvider({ db, clock: systemClock, secret: getWebhookSecret });
    await createPaymentService({ db, connect: () => db.connect(), clock: systemClock, providers: { sandbox } }).expireReservations();
    await db.query('UPDATE products SET stock = 0 WHERE id = $1', [order.product.id]); // sold to someone else
    await db.query(`UPDATE sandbox_payments SET status = 'approved' WHERE reference = $1`, [order.payment.reference]);
    expect((await pay(order)).status).toBe(200);
    await waitForMailQueue();
    const subjects = (await readCaughtMail())
      .filter((mail) => toAddress(mail) === order.customer.email)
      .map((mail) => mail.subject)
      .sort();
    expect(subjects).toEqual([
      `Pedido n.º ${order.number} cancelado`,
      `Pedido n.º ${order.number} recibido: esperando el pago`,
      `Pedido n.º ${order.number} reembolsado`,
    ]);
    // The expiry told the shopper why, and that nothing was charged then (issue 34 point 4).
    const [cancelled] = await findMail(order.customer.email, `Pedido n.º ${order.number} cancelado`);
    expect(cancelled!.text).toContain('el pago no llegó antes del fin de la reserva');
    expect(cancelled!.text).toContain('No se cobró nada.');
    expect(await findMail(STORE, `Nuevo pedido pagado n.º ${order.number}`)).toEqual([]);
  });

  it('a checkout that rolls back (out of stock) sends nothing', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 1 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 2 }]);
    expect((await startCheckout(customer, cart, { currencyId: 3 })).status).toBe(409);
    await waitForMailQueue();
    expect((await readCaughtMail()).filter((mail) => toAddress(mail) === customer.email)).toEqual([]);
  });

  it('with two shop processes on one database, each queued e-mail is sent once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-mail-second-'));
    const second = await startShopProcess(stack.databaseUrl, {
      ...SECRETS,
      DATA_DIR: dataDir,
      SMTP_URL: stack.smtpUrl,
      STORE_ORDERS_EMAIL: STORE,
      PAYMENT_JOBS_INTERVAL_S: '0',
    });
    try {
      const batch = Array.from({ length: 40 }, (_, i) => ({ to: `batch-${i}@example.test`, subject: `Lote ${i}`, text: `mensaje ${i}` }));
      await getTestDb().query(
        `SELECT graphile_worker.add_job('send_mail', m, max_attempts => 10) FROM json_array_elements($1::json) AS m`,
        [JSON.stringify(batch)],
      );
      await waitForMailQueue();
      const caught = (await readCaughtMail()).filter((mail) => toAddress(mail).startsWith('batch-'));
      expect(caught.map((mail) => `${toAddress(mail)} ${mail.subject}`).sort()).toEqual(batch.map((m) => `${m.to} ${m.subject}`).sort());
    } finally {
      await second.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
