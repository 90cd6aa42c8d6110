// The ERP feed of every change of an order (issue 34 point 8, decision 1160), the key's language
// and the one decimal rule of every ERP call (point 9).
import { describe, expect, it } from 'vitest';
import { OrderEventsPageSchema, RatesSchema, type OrderEvent } from '#lib/contract/erp-api.ts';
import { api, apiAnswer, apiJson, getHostHeader, getTestDb, type ErrorAnswer } from '../support/api.ts';
import { createKey, toKeyHash } from '../support/api-keys.ts';
import { createTestStaff, postForm, signInStaff } from '../support/staff.ts';
import { createPaidOrder, createPendingOrder, createProduct, getStock } from './checkout-fixtures.ts';

async function readEvents(key: string, cursor: string | null, limit = 200) {
  const query = new URLSearchParams({ limite: String(limit), ...(cursor ? { cursor } : {}) });
  return apiAnswer(OrderEventsPageSchema, await apiJson(`/api/painel/v1/pedidos-eventos?${query}`, { host: 'es', token: key })).body;
}

/** Pages through the feed from `cursor` to its end: every event, and the cursor to poll with next. */
async function readToEnd(key: string, cursor: string | null, limit = 200) {
  const events: OrderEvent[] = [];
  let next = cursor;
  for (;;) {
    const page = await readEvents(key, next, limit);
    events.push(...page.eventos);
    next = page.proximo_cursor;
    if (!page.mais) return { events, cursor: next };
  }
}

/** A status change by a staff member, through the desk's JSON API. */
async function transition(cookie: string, number: number, json: Record<string, string>) {
  const answer = await apiJson(`/api/painel/pedidos/${number}/status`, {
    method: 'POST',
    host: 'es',
    json,
    headers: { cookie, origin: `http://${getHostHeader('es')}` },
  });
  expect(answer.status).toBe(200);
}

const kindsOf = (events: OrderEvent[], number: number) => events.filter((event) => event.pedido === number).map((event) => event.tipo);

describe('ERP feed of order events', () => {
  it('every transition (paid, shipped, handed over, cancelled, refunded, partly refunded) comes once, in order, page by page', async () => {
    const key = await createKey(['orders:events']);
    const start = (await readToEnd(key, null)).cursor;
    const admin = await createTestStaff('admin');
    const cookie = await signInStaff(admin);
    const pickup = await createPaidOrder();
    const delivery = await createPaidOrder({ delivery: true });
    const refunded = await createPaidOrder({ quantity: 2 });
    const unpaid = await createPendingOrder();
    await transition(cookie, pickup.number, { acao: 'hand_over', status_esperado: 'PAGO' });
    await transition(cookie, delivery.number, { acao: 'ship', status_esperado: 'PAGO', nota: 'Rastreio AB123' });
    await transition(cookie, refunded.number, { acao: 'refund', status_esperado: 'PAGO', nota: 'Cliente desistiu' });
    await transition(cookie, unpaid.number, { acao: 'cancel', nota: 'Sem estoque' });
    // A partial refund writes its own event where it records the refund (decision 1160).
    await getTestDb().query(`SELECT record_order_event($1, 'estorno_parcial', $2::jsonb)`, [
      pickup.id,
      JSON.stringify({ valor: 5000, itens: [{ codigo: pickup.product.code, quantidade: 1 }] }),
    ]);
    const ours = [pickup.number, delivery.number, refunded.number, unpaid.number];
    // Two events a page: the cursor carries every page on, none twice, none skipped.
    let read: OrderEvent[] = [];
    await expect
      .poll(async () => {
        read = (await readToEnd(key, start, 2)).events.filter((event) => ours.includes(event.pedido));
        return read.length;
      })
      .toBe(8);
    expect(new Set(read.map((event) => event.id)).size).toBe(read.length);
    expect(kindsOf(read, pickup.number)).toEqual(['pago', 'retirado', 'estorno_parcial']);
    expect(kindsOf(read, delivery.number)).toEqual(['pago', 'enviado']);
    expect(kindsOf(read, refunded.number)).toEqual(['pago', 'estornado']);
    expect(kindsOf(read, unpaid.number)).toEqual(['cancelado']);
    const byKind = (number: number, kind: OrderEvent['tipo']) => read.find((event) => event.pedido === number && event.tipo === kind)!;
    expect(byKind(delivery.number, 'enviado')).toMatchObject({ status: 'ENVIADO', nota: 'Rastreio AB123', estorno: null, moeda: 'PYG' });
    expect(byKind(refunded.number, 'estornado')).toMatchObject({
      status: 'ESTORNADO',
      nota: 'Cliente desistiu',
      estorno: { valor: refunded.payment.amount_minor, itens: [] },
    });
    expect(byKind(pickup.number, 'estorno_parcial')).toMatchObject({
      status: 'RETIRADO',
      estorno: { valor: 5000, itens: [{ codigo: pickup.product.code, quantidade: 1 }] },
    });
    expect(byKind(unpaid.number, 'cancelado')).toMatchObject({ status: 'CANCELADO', nota: 'Sem estoque', id_externo: unpaid.externalId });
    // The paid-orders call of existing clients still hands the paid orders out.
    const paidKey = await createKey(['orders:read']);
    const paid = await apiJson<{ pedidos: { numero: number }[] }>('/api/painel/v1/pedidos-pagos?limite=200', {
      host: 'es',
      token: paidKey,
    });
    expect(paid.status).toBe(200);
  });

  it('an event of a transaction still open is held back, and the ones committed after it wait: none is skipped', async () => {
    const key = await createKey(['orders:events']);
    const start = (await readToEnd(key, null)).cursor;
    const [early, late] = [await createPaidOrder({ delivery: true }), await createPaidOrder({ delivery: true })];
    const { cursor } = await readToEnd(key, start);
    const open = await getTestDb().connect();
    try {
      await open.query('BEGIN');
      await open.query(`UPDATE orders SET status = 'ENVIADO' WHERE id = $1`, [early.id]);
      await getTestDb().query(`UPDATE orders SET status = 'ENVIADO' WHERE id = $1`, [late.id]);
      // The later commit is not handed out while the earlier transaction runs: its cursor would pass the early event.
      expect((await readToEnd(key, cursor)).events.filter((event) => [early.number, late.number].includes(event.pedido))).toEqual([]);
      await open.query('COMMIT');
    } finally {
      // Closed, not pooled: a failure above must not leave the shared pool a connection inside a transaction.
      open.release(true);
    }
    await expect
      .poll(async () =>
        (await readToEnd(key, cursor)).events.filter((event) => [early.number, late.number].includes(event.pedido)).map((e) => e.pedido),
      )
      .toEqual([early.number, late.number]);
  });

  it('needs its own scope; a bad cursor is refused; messages in the key language whatever the host', async () => {
    const paidOnly = await createKey(['orders:read'], null, { locale: 'pt-BR' });
    const refused = await apiJson<ErrorAnswer>('/api/painel/v1/pedidos-eventos', { host: 'es', token: paidOnly });
    expect(refused).toEqual({
      status: 403,
      body: { message: 'Esta chave de API não tem o escopo "orders:events" exigido por esta chamada.' },
    });
    const eventsOnly = await createKey(['orders:events']);
    const paid = await apiJson<ErrorAnswer>('/api/painel/v1/pedidos-pagos', { host: 'br', token: eventsOnly });
    expect(paid).toEqual({ status: 403, body: { message: 'Esta clave de API no tiene el alcance "orders:read" que pide esta llamada.' } });
    const badCursor = await apiJson<ErrorAnswer>('/api/painel/v1/pedidos-eventos?cursor=nope!', { host: 'br', token: eventsOnly });
    expect(badCursor).toEqual({ status: 400, body: { message: 'Cursor inválido: usa el proximo_cursor de una respuesta anterior.' } });
    // Before any key is known, the host decides.
    const anonymous = await apiJson<ErrorAnswer>('/api/painel/v1/pedidos-eventos', { host: 'br' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/^Chave de API/);
  });
});

describe('API keys in the panel: a language per key', () => {
  it('a key answers in the language chosen when it was created; the creator’s by default', async () => {
    const admin = await createTestStaff('admin', { locale: 'pt-BR' });
    const cookie = await signInStaff(admin, 'br');
    const create = async (name: string, fields: Record<string, string> = {}) => {
      const page = await postForm('/painel/chaves-api', { acao: 'criar', nome: name, escopo: 'stock', ...fields }, { cookie, host: 'br' });
      expect(page.status).toBe(201);
      return (await page.text()).match(/data-api-key-secret[^>]*>\s*(frt_[A-Za-z0-9_-]+)/)![1]!;
    };
    const spanish = await create('ERP Asunción', { idioma: 'es-PY' });
    const own = await create('ERP matriz');
    const stored = await getTestDb().query<{ locale: string }>('SELECT locale FROM api_keys WHERE key_hash = ANY($1) ORDER BY id', [
      [toKeyHash(spanish), toKeyHash(own)],
    ]);
    expect(stored.rows.map((row) => row.locale)).toEqual(['es-PY', 'pt-BR']);
    const list = await (await api('/painel/chaves-api', { host: 'br', headers: { cookie } })).text();
    expect(list).toContain('data-key-language="es-PY"');
    const forbidden = (secret: string) =>
      apiJson<ErrorAnswer>('/api/painel/v1/precos', { method: 'POST', host: 'br', token: secret, json: {} });
    expect((await forbidden(spanish)).body.message).toBe('Esta clave de API no tiene el alcance "prices" que pide esta llamada.');
    expect((await forbidden(own)).body.message).toBe('Esta chave de API não tem o escopo "prices" exigido por esta chamada.');
  });
});

describe('one decimal rule across every ERP call', () => {
  it('/estoque reads stock as /produtos does ("12", "7,0"); cotacoes read rates as /precos reads prices ("5,42")', async () => {
    const key = await createKey(['stock', 'rates']);
    const [a, b, c] = [await createProduct({ stock: 1 }), await createProduct({ stock: 1 }), await createProduct({ stock: 1 })];
    const stock = await apiJson<{ atualizados: number; rejeitados: { linha: number; campos: Record<string, string[]> }[] }>(
      '/api/painel/v1/estoque',
      {
        method: 'POST',
        host: 'es',
        token: key,
        json: {
          itens: [
            { codigo: a.code, estoque: '12' },
            { codigo: b.code, estoque: '7,0' },
            { codigo: c.code, estoque: '2,5' },
          ],
        },
      },
    );
    expect(stock.status).toBe(200);
    expect(stock.body.atualizados).toBe(2);
    expect(stock.body.rejeitados).toMatchObject([{ linha: 3, campos: { estoque: [expect.stringMatching(/^estoque: /)] } }]);
    expect([await getStock(a.id), await getStock(b.id), await getStock(c.id)]).toEqual([12, 7, 1]);
    // The rates as they are, written back as text with a decimal comma: the same values (other tests price with them).
    const rates = apiAnswer(RatesSchema, await apiJson('/api/painel/v1/cotacoes', { host: 'es', token: key })).body;
    const cotacoes = rates.cotacoes.map((rate) => ({ moeda: rate.moeda, valor: String(rate.valor).replace('.', ',') }));
    const put = await apiJson('/api/painel/v1/cotacoes', { method: 'PUT', host: 'es', token: key, json: { cotacoes } });
    expect(apiAnswer(RatesSchema, put).body.cotacoes.map((rate) => [rate.moeda, rate.valor])).toEqual(
      rates.cotacoes.map((rate) => [rate.moeda, rate.valor]),
    );
    const bad = await apiJson<ErrorAnswer>('/api/painel/v1/cotacoes', {
      method: 'PUT',
      host: 'es',
      token: key,
      json: { cotacoes: [{ moeda: 'BRL', valor: '5,4x' }] },
    });
    expect(bad.status).toBe(422);
  });
});
