import { describe, expect, it } from 'vitest';
import { api, apiJson, getHostHeader, getTestDb, type ErrorAnswer, getRunStack } from '../support/api.ts';
import { expectNoFormulaCell } from '../support/csv.ts';
import { waitForMail } from '../support/mail.ts';
import { createSignedInStaff, postForm } from '../support/staff.ts';
import { createPaidOrder, createPendingOrder, getStock } from './checkout-fixtures.ts';

/** A status change's answer (or, with ErrorAnswer, its refusal). */
interface TransitionAnswer {
  pedido: number;
  status: string;
  estorno_confirmado: boolean;
}

/** A JSON call of the panel's API from the panel's own origin, with a staff session; `T` is the answer read. */
function postTransition<T = TransitionAnswer>(cookie: string, number: number, json: Record<string, unknown>) {
  return apiJson<T>(`/api/painel/pedidos/${number}/status`, {
    method: 'POST',
    host: 'es',
    json,
    headers: { cookie, origin: `http://${getHostHeader('es')}` },
  });
}

async function getAuditRows(number: number) {
  return (
    await getTestDb().query<{ action: string; actor: string; before: unknown; after: unknown }>(
      `SELECT action, actor, before, after FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 ORDER BY id`,
      [String(number)],
    )
  ).rows;
}

async function getPaymentState(orderId: number) {
  return (
    await getTestDb().query<{ order_status: string; status: string; sandbox: string }>(
      `SELECT o.status AS order_status, p.status, s.status AS sandbox
       FROM orders o JOIN payments p ON p.order_id = o.id JOIN sandbox_payments s USING (reference) WHERE o.id = $1`,
      [orderId],
    )
  ).rows[0]!;
}

describe('order desk API', () => {
  it('a counter user cannot refund: 403 in their language, nothing changes, no audit row', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const order = await createPaidOrder({ stock: 5 });
    const refused = await postTransition<ErrorAnswer>(cookie, order.number, { acao: 'refund', status_esperado: 'PAGO', nota: 'teste' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Tu perfil no permite esta acción.');
    expect(await getPaymentState(order.id)).toEqual({ order_status: 'PAGO', status: 'PAGO', sandbox: 'approved' });
    expect(await getStock(order.product.id)).toBe(4);
    expect(await getAuditRows(order.number)).toEqual([]);
  });

  it('an admin refunds through the sandbox: money back at the gateway, stock back, one audit row', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const order = await createPaidOrder({ stock: 5, quantity: 2 });
    expect(await getStock(order.product.id)).toBe(3);
    const refunded = await postTransition(cookie, order.number, { acao: 'refund', status_esperado: 'PAGO', nota: 'Cliente desistió' });
    expect(refunded).toEqual({ status: 200, body: { pedido: order.number, status: 'ESTORNADO', estorno_confirmado: true } });
    expect(await getPaymentState(order.id)).toEqual({ order_status: 'ESTORNADO', status: 'ESTORNADO', sandbox: 'refunded' });
    expect(await getStock(order.product.id)).toBe(5);
    expect(await getAuditRows(order.number)).toEqual([
      { action: 'order.refund', actor: staff.email, before: { status: 'PAGO' }, after: { status: 'ESTORNADO', note: 'Cliente desistió' } },
    ]);
    // the shopper hears of it once the money is back (the payment refund path's e-mail)
    const mail = await waitForMail(getRunStack().dataDir, order.customer.email, (caught) => caught.subject.includes('reembolsado'));
    expect(mail.subject).toBe(`Pedido n.º ${order.number} reembolsado`);
    // the shopper's order says so
    const shopper = await apiJson(`/ecom/venda/pedidos/${order.externalId}`, { host: 'es', token: order.customer.token });
    expect(shopper.body).toMatchObject({ status: 'ESTORNADO', pagamentos: [{ status: 'ESTORNADO' }] });
    // a second refund is refused plainly
    const again = await postTransition<ErrorAnswer>(cookie, order.number, { acao: 'refund', status_esperado: 'PAGO', nota: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('El pedido cambió mientras lo mirabas: ahora está "Reembolsado". No se modificó nada.');
  });

  it('a JSON refusal carries its code and the order status; a body neither JSON nor a form is 415', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const order = await createPaidOrder();
    const refund = await postTransition(cookie, order.number, { acao: 'refund', status_esperado: 'PAGO', nota: 'x' });
    expect(refund).toEqual({ status: 403, body: { message: 'Tu perfil no permite esta acción.', code: 'forbidden', status: 'PAGO' } });
    const plain = await apiJson(`/api/painel/pedidos/${order.number}/status`, {
      method: 'POST',
      host: 'es',
      body: 'acao=refund',
      headers: { cookie, origin: `http://${getHostHeader('es')}`, 'content-type': 'text/plain' },
    });
    expect(plain).toEqual({ status: 415, body: { message: 'Solicitud inválida: revisa los datos enviados.' } });
  });

  it('concurrent transitions change the order once', async () => {
    const [admin, counter] = await Promise.all([createSignedInStaff('admin'), createSignedInStaff('counter')]);
    const order = await createPaidOrder({ stock: 5 });
    const answers = await Promise.all([
      postTransition(admin.cookie, order.number, { acao: 'refund', status_esperado: 'PAGO', nota: 'a' }),
      postTransition(counter.cookie, order.number, { acao: 'hand_over', status_esperado: 'PAGO' }),
      postTransition(counter.cookie, order.number, { acao: 'hand_over', status_esperado: 'PAGO' }),
      postTransition(admin.cookie, order.number, { acao: 'refund', status_esperado: 'PAGO', nota: 'b' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const audit = await getAuditRows(order.number);
    expect(audit).toHaveLength(1);
    const history = (await getTestDb().query('SELECT 1 FROM order_status_history WHERE order_id = $1 AND staff_id IS NOT NULL', [order.id]))
      .rows;
    expect(history).toHaveLength(1);
    expect(await getStock(order.product.id)).toBe(audit[0]!.action === 'order.refund' ? 5 : 4);
  });

  it("names a Paraguayan buyer's identity document a cédula, not an RG", async () => {
    const { cookie } = await createSignedInStaff('admin');
    const order = await createPaidOrder();
    await getTestDb().query("UPDATE customers SET identity = '4123456' WHERE id = $1", [order.customer.id]);
    const page = await (await api(`/painel/pedidos/${order.number}`, { host: 'es', headers: { cookie } })).text();
    expect(page).toMatch(/<dt[^>]*>Cédula de identidad<\/dt>\s*<dd[^>]*>4123456<\/dd>/);
    expect(page).not.toContain('(RG)');
  });

  it('forms come back to the order with the outcome; a wrong transition is refused in the staff language', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const order = await createPaidOrder({ delivery: true });
    const origin = { cookie };
    const shipped = await postForm(
      `/api/painel/pedidos/${order.number}/status`,
      { acao: 'ship', status_esperado: 'PAGO', nota: 'AX-123 https://rastreo.example/AX-123' },
      origin,
    );
    expect(shipped.status).toBe(303);
    expect(shipped.headers.get('location')).toBe(`/painel/pedidos/${order.number}?feito=ENVIADO&pedido=${order.number}`);
    const page = await (await api(shipped.headers.get('location')!, { host: 'es', headers: { cookie } })).text();
    expect(page).toContain('Pedido marcado como enviado.');
    expect(page).toContain('AX-123');
    expect(page).toMatch(/href="\/painel\/clientes\/[0-9a-f-]{36}"/); // admins reach the buyer's identity documents
    // the shopper hears of it (mail queue, real SMTP catcher), in the order's language
    const mail = await waitForMail(getRunStack().dataDir, order.customer.email, (caught) => caught.subject.includes('enviado'));
    expect(mail.subject).toBe(`Pedido n.º ${order.number} enviado`);
    // The tracking note reaches the shopper: in the e-mail, and on the order page with its link (issue 34 point 4).
    expect(mail.text).toContain('Seguimiento: AX-123 https://rastreo.example/AX-123');
    const orderPage = await (await api(`/pedido/${order.externalId}`, { host: 'es', token: order.customer.token })).text();
    expect(orderPage).toMatch(/data-testid="order-tracking"[^>]*>AX-123 https:\/\/rastreo\.example\/AX-123/);
    expect(orderPage).toContain('href="https://rastreo.example/AX-123"');
    const wrong = await postForm(`/api/painel/pedidos/${order.number}/status`, { acao: 'hand_over', status_esperado: 'ENVIADO' }, origin);
    const refusal = await (await api(wrong.headers.get('location')!, { host: 'es', headers: { cookie } })).text();
    expect(refusal).toContain('No se puede hacer esto con un pedido &quot;Enviado&quot;.');
    // a form from another site is refused before it reaches the desk
    const forged = await api(`/api/painel/pedidos/${order.number}/status`, {
      method: 'POST',
      host: 'es',
      body: new URLSearchParams({ acao: 'cancel' }),
      headers: { cookie, origin: 'http://evil.test' },
    });
    expect(forged.status).toBe(403);
  });

  it('cancels an unpaid order and the stock comes back', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const order = await createPendingOrder({ stock: 3, quantity: 2 });
    expect((await postTransition(cookie, order.number, { acao: 'cancel' })).status).toBe(422);
    const cancelled = await postTransition(cookie, order.number, { acao: 'cancel', nota: 'Duplicado' });
    expect(cancelled.body.status).toBe('CANCELADO');
    expect(await getStock(order.product.id)).toBe(3);
    const detail = await (await api(`/painel/pedidos/${order.number}`, { host: 'es', headers: { cookie } })).text();
    expect(detail).toContain('Duplicado'); // the reason, in the status history
    expect(detail).not.toContain('/painel/clientes/'); // documents are for admins only
    // The shopper hears why, and that nothing was charged (issue 34 point 4).
    const mail = await waitForMail(getRunStack().dataDir, order.customer.email, (caught) => caught.subject.includes('cancelado'));
    expect(mail.subject).toBe(`Pedido n.º ${order.number} cancelado`);
    expect(mail.text).toContain('La tienda canceló tu pedido');
    expect(mail.text).toContain('Motivo: Duplicado');
    expect(mail.text).toContain('No se cobró nada.');
    expect((await postTransition(cookie, 999_999_999, { acao: 'cancel', nota: 'x' })).status).toBe(404);
    expect((await postTransition(cookie, order.number, { acao: 'explode' })).status).toBe(422);
  });
});

describe('order desk list and export', () => {
  it("exports the filtered list as the admin's spreadsheet reads it, formulas neutralised however it splits, audited", async () => {
    const { staff: admin, cookie } = await createSignedInStaff('admin');
    const order = await createPaidOrder();
    // A name a spreadsheet would run as a formula: whole, and as soon as it splits on ; or ,
    await getTestDb().query(`UPDATE customers SET first_name = $2 WHERE id = $1`, [
      order.customer.id,
      '=HYPERLINK("http://x");=cmd|" /C calc"!A0,+1,@SUM(1)',
    ]);
    const query = `?q=${encodeURIComponent(order.customer.email)}&status=PAGO`;
    const csv = await api(`/painel/pedidos.csv${query}`, { host: 'es', headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Pedido;Fecha;Estado;Tienda;Entrega;Comprador;E-mail;Documento;Moneda;Total;Pagado el');
    expect(lines).toHaveLength(2);
    // `;` between cells, the store's local time, a decimal comma where the currency has decimals
    expect(lines[1]).toMatch(new RegExp(`^${order.number};\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};Pagado;`));
    expect(lines[1]).toMatch(/;PYG;\d+;\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lines[1]).not.toContain(order.pickup_code);
    expectNoFormulaCell(text);
    const audit = await getTestDb().query<{ after: { rows: number } }>(
      "SELECT after FROM audit_log WHERE staff_id = $1 AND action = 'orders.export'",
      [admin.id],
    );
    expect(audit.rows.map((row) => row.after.rows)).toEqual([1]);

    // The counter may not export, nor see the link (decision 0515).
    const counter = await createSignedInStaff('counter');
    expect((await api(`/painel/pedidos.csv${query}`, { host: 'es', headers: { cookie: counter.cookie } })).status).toBe(403);
    expect(await (await api('/painel/pedidos', { host: 'es', headers: { cookie: counter.cookie } })).text()).not.toContain('pedidos.csv');
  });

  it('finds a paid order by its pickup code on the desk page; a bad filter is named, not a 500', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const order = await createPaidOrder();
    const page = await (await api(`/painel/pedidos?q=${order.pickup_code}`, { host: 'es', headers: { cookie } })).text();
    expect(page).toContain(`href="/painel/pedidos/${order.number}"`);
    expect(page).toContain('1 pedido');
    const bad = await api('/painel/pedidos?status=NOPE&de=2026-13-45&pagina=-1', { host: 'es', headers: { cookie } });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain('Filtro inválido ignorado: status, de, pagina.');
  });
});

describe('pickup counter', () => {
  it('shows the order of a code with the buyer and document, refuses a wrong one and limits guessing', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const order = await createPaidOrder();
    const found = await postForm('/painel/balcao', { codigo: order.pickup_code.toLowerCase() }, { cookie });
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain('Teste Comprador');
    expect(html).toContain('RUC 80012345-6');
    expect(html).toContain('Entregar al comprador');
    // handed over, the same code says it was used
    const handed = await postForm(
      `/api/painel/pedidos/${order.number}/status`,
      { acao: 'hand_over', status_esperado: 'PAGO', voltar: 'balcao' },
      { cookie },
    );
    expect(handed.headers.get('location')).toBe(`/painel/balcao?feito=RETIRADO&pedido=${order.number}`);
    const used = await (await postForm('/painel/balcao', { codigo: order.pickup_code }, { cookie })).text();
    expect(used).toContain('Este código ya fue usado: el pedido se entregó el');
    expect(used).not.toContain('Entregar al comprador');
    const wrong = await postForm('/painel/balcao', { codigo: 'XXXXXXXX' }, { cookie });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain('El código &quot;XXXXXXXX&quot; no corresponde a ningún pedido.');
    for (let i = 0; i < 9; i += 1) await postForm('/painel/balcao', { codigo: `BAD${i}` }, { cookie });
    const blocked = await postForm('/painel/balcao', { codigo: order.pickup_code }, { cookie });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain('Demasiados códigos erróneos.');
  });
});
