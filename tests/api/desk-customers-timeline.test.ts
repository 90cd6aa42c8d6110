import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, apiJson, getHostHeader, getTestDb, type ErrorAnswer, getRunStack } from '../support/api.ts';
import { listMailsIn, waitForMail } from '../support/mail.ts';
import { createSignedInStaff } from '../support/staff.ts';
import { createPaidOrder, uniqueId } from './checkout-fixtures.ts';

/** Issue 34 points 1 and 2: the panel's customer list and page, the order's timeline, notes and "send again". */

interface BuyerListAnswer {
  pagina: number;
  paginas: number;
  total: number;
  clientes: Array<{ uuid: string; nome: string; email: string; pais: string; email_confirmado: boolean; pedidos: number }>;
}

function panelCall<T>(cookie: string, url: string, json?: unknown) {
  return apiJson<T>(url, {
    method: json === undefined ? 'GET' : 'POST',
    host: 'es',
    ...(json === undefined ? {} : { json }),
    headers: { cookie, origin: `http://${getHostHeader('es')}` },
  });
}

async function getPanelPage(cookie: string, url: string): Promise<string> {
  const response = await api(url, { host: 'es', headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

async function getAuditRows(entityType: string, entityId: string) {
  return (
    await getTestDb().query<{ action: string; actor: string; after: Record<string, unknown> }>(
      'SELECT action, actor, after FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id',
      [entityType, entityId],
    )
  ).rows;
}

async function insertBuyer(tag: string, fields: { country: 1 | 2; verified: boolean; createdAt: string; document: string }) {
  const { rows } = await getTestDb().query<{ uuid: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, country_id, document_type, document, email_verified_at, created_at)
     VALUES ($1, 'x', 'Cliente', $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END, $8) RETURNING uuid`,
    [
      `buyer-${uniqueId()}@example.test`,
      tag,
      fields.country === 1 ? 1 : 0,
      fields.country,
      fields.country === 1 ? 'CPF' : 'RUC',
      fields.document,
      fields.verified,
      fields.createdAt,
    ],
  );
  return rows[0]!.uuid;
}

/** Three customers sharing a unique surname: one with a paid order (es storefront), two without. */
async function createThreeBuyers() {
  const tag = `Filtro${uniqueId()}`;
  const order = await createPaidOrder();
  const { rows } = await getTestDb().query<{ uuid: string }>(
    `UPDATE customers SET last_name = $2, country_id = 2, email_verified_at = now(), created_at = '2025-01-15T12:00:00Z'
      WHERE id = $1 RETURNING uuid`,
    [order.customer.id, tag],
  );
  const withOrder = rows[0]!.uuid;
  const brazilian = await insertBuyer(tag, { country: 1, verified: false, createdAt: '2025-06-01T12:00:00Z', document: '529.982.247-25' });
  const recent = await insertBuyer(tag, { country: 2, verified: true, createdAt: new Date().toISOString(), document: '80099999-1' });
  return { tag, order, withOrder, brazilian, recent };
}

async function waitForMailLog(orderId: number, kind: string, count = 1) {
  const sent = async () =>
    (
      await getTestDb().query<{ n: number }>('SELECT count(*)::int AS n FROM order_mail_log WHERE order_id = $1 AND kind = $2', [
        orderId,
        kind,
      ])
    ).rows[0]!.n;
  await expect.poll(sent, { timeout: 15_000, interval: 100 }).toBe(count);
}

describe('panel customers', () => {
  it('filters by storefront, country, registered days, e-mail confirmed and orders; pages; names a bad filter', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const { tag, withOrder, brazilian, recent } = await createThreeBuyers();
    const uuids = async (query: string) => {
      const answer = await panelCall<BuyerListAnswer>(cookie, `/api/painel/clientes?q=${tag}${query}`);
      expect(answer.status).toBe(200);
      return answer.body.clientes.map((buyer) => buyer.uuid);
    };
    expect(await uuids('')).toEqual([recent, brazilian, withOrder]);
    expect(await uuids('&pais=BR')).toEqual([brazilian]);
    expect(await uuids('&pais=PY')).toEqual([recent, withOrder]);
    expect(await uuids('&pedidos=sim')).toEqual([withOrder]);
    expect(await uuids('&pedidos=nao')).toEqual([recent, brazilian]);
    expect(await uuids('&confirmado=nao')).toEqual([brazilian]);
    expect(await uuids('&loja=es')).toEqual([withOrder]);
    expect(await uuids('&loja=br')).toEqual([]);
    expect(await uuids('&de=2025-05-01&ate=2025-06-30')).toEqual([brazilian]);
    // A document typed with other punctuation than stored.
    const byDocument = await panelCall<BuyerListAnswer>(cookie, '/api/painel/clientes?q=80099999 1');
    expect(byDocument.body.clientes.map((buyer) => buyer.uuid)).toContain(recent);
    const secondPage = await panelCall<BuyerListAnswer>(cookie, `/api/painel/clientes?q=${tag}&pagina=2`);
    expect(secondPage.body).toMatchObject({ pagina: 2, paginas: 1, total: 3, clientes: [] });
    const bad = await panelCall<ErrorAnswer>(cookie, `/api/painel/clientes?q=${tag}&pais=XX&de=2025-13-01`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Filtro ignorado por no ser válido: pais, de.');
  });

  it('the counter role gets no customer list', async () => {
    const { cookie } = await createSignedInStaff('counter');
    expect((await panelCall(cookie, '/api/painel/clientes')).status).toBe(403);
  });

  it("a customer's page lists their orders with links to the desk; a note is kept and audited, an empty one refused", async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const { withOrder, order } = await createThreeBuyers();
    const empty = await panelCall<ErrorAnswer>(cookie, `/api/painel/clientes/${withOrder}/notas`, { nota: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Escribe la nota (hasta 2000 caracteres).');
    expect(await getAuditRows('customer', withOrder)).toEqual([]);
    const added = await panelCall(cookie, `/api/painel/clientes/${withOrder}/notas`, { nota: 'Prefiere retirar los sábados' });
    expect(added.status).toBe(200);
    expect(await getAuditRows('customer', withOrder)).toEqual([
      { action: 'customer.note', actor: staff.email, after: { note: 'Prefiere retirar los sábados' } },
    ]);
    const page = await getPanelPage(cookie, `/painel/clientes/${withOrder}`);
    expect(page).toContain(`href="/painel/pedidos/${order.number}"`);
    expect(page).toContain('Prefiere retirar los sábados');
  });
});

describe('order timeline', () => {
  it('shows status changes, payments, e-mails sent and notes in time order; a note is audited', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const order = await createPaidOrder();
    await waitForMailLog(order.id, 'paid');
    const noted = await panelCall(cookie, `/api/painel/pedidos/${order.number}/notas`, { nota: 'Cliente llamó: retira mañana' });
    expect(noted.status).toBe(200);
    const html = await getPanelPage(cookie, `/painel/pedidos/${order.number}`);
    const timeline = html.slice(
      html.indexOf('data-testid="desk-timeline"'),
      html.indexOf('</ol>', html.indexOf('data-testid="desk-timeline"')),
    );
    const entries = [...timeline.matchAll(/data-entry="(\w+)"[^>]*>\s*<time datetime="([^"]+)"/g)].map((m) => ({ type: m[1]!, at: m[2]! }));
    const types = entries.map((entry) => entry.type);
    expect(types).toEqual(expect.arrayContaining(['status', 'payment', 'mail', 'note']));
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The note was written after the payment mail was sent.
    expect(types.lastIndexOf('note')).toBeGreaterThan(types.indexOf('mail'));
    expect(timeline).toContain('Cliente llamó: retira mañana');
    expect(await getAuditRows('order', String(order.number))).toEqual([
      { action: 'order.note', actor: staff.email, after: { note: 'Cliente llamó: retira mañana' } },
    ]);
  });

  it('"send again" re-sends an e-mail the order has sent, audited; refuses one it never sent and a capped recipient', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const order = await createPaidOrder();
    await waitForMailLog(order.id, 'paid');
    const subject = `Pago confirmado: pedido n.º ${order.number}`;

    const never = await panelCall<ErrorAnswer>(cookie, `/api/painel/pedidos/${order.number}/reenvio`, { tipo: 'shipped' });
    expect(never.status).toBe(409);
    expect(never.body.message).toBe('Este pedido nunca envió este correo: solo se puede reenviar un correo ya enviado.');

    const resent = await panelCall(cookie, `/api/painel/pedidos/${order.number}/reenvio`, { tipo: 'paid' });
    expect(resent).toEqual({ status: 200, body: { pedido: order.number, feito: 'resent' } });
    await waitForMailLog(order.id, 'paid', 2);
    await waitForMail(getRunStack().dataDir, order.customer.email, (mail) => mail.subject === subject);
    const caught = await listMailsIn(path.join(getRunStack().dataDir, 'caught-mail'), order.customer.email);
    expect(caught.filter((mail) => mail.subject === subject)).toHaveLength(2);
    expect(await getAuditRows('order', String(order.number))).toEqual([
      { action: 'order.resend_mail', actor: staff.email, after: { mail: 'paid', to: order.customer.email } },
    ]);

    // The recipient already had the hour's cap of order e-mails (the shared stack's 10).
    await getTestDb().query(`INSERT INTO order_mail_log (order_id, kind, recipient) SELECT $1, 'paid', $2 FROM generate_series(1, 8)`, [
      order.id,
      order.customer.email,
    ]);
    const capped = await panelCall<ErrorAnswer>(cookie, `/api/painel/pedidos/${order.number}/reenvio`, { tipo: 'paid' });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('Este destinatario ya recibió 10 correos en la última hora: intenta de nuevo más tarde.');
    expect(await getAuditRows('order', String(order.number))).toHaveLength(1);
  });
});
