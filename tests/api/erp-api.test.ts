import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createTestCustomer, signIn } from '../support/accounts.ts';
import type { BulkResult, PaidOrdersPage, ProductUpsertResult } from '#lib/contract/erp-api.ts';
import { api, apiJson, getTestDb, type ErrorAnswer } from '../support/api.ts';
import { createKey, toKeyHash } from '../support/api-keys.ts';
import { listPanelRoutes } from '../support/panel-routes.ts';
import { createSignedInStaff, createTestStaff, postForm } from '../support/staff.ts';
import { createPaidOrder, createProduct, getStock, uniqueId } from './checkout-fixtures.ts';

/** The audit rows about the key whose secret is given, oldest first. */
async function keyAudit(secret: string) {
  const { rows } = await getTestDb().query<{ action: string; actor: string; after: unknown }>(
    `SELECT a.action, a.actor, a.after FROM audit_log a JOIN api_keys k ON a.entity_type = 'api_key' AND a.entity_id = k.id::text
      WHERE k.key_hash = $1 ORDER BY a.id`,
    [toKeyHash(secret)],
  );
  return rows;
}

/** The fields of a paid order (GET pedidos-pagos) read by name below; the rest is matched whole. */
interface PaidOrderRow {
  numero: number;
  total: number;
  itens_total: number;
  frete: number;
  comprador: { tipo_documento: string; documento: string };
}

/** A call of the ERP API; `T` is the answer read (its schema's type in erp-api/schemas.ts, or ErrorAnswer). */
/** The parts of the OpenAPI document the test reads by name (the validator checks the whole). */
interface OpenApiDocument {
  [key: string]: unknown;
  openapi: string;
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, { properties?: Record<string, unknown> }> };
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        security?: unknown;
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content: Record<string, { schema: unknown }> }>;
      }
    >
  >;
}

function call<T = unknown>(pathname: string, key: string | null, json?: unknown, headers: Record<string, string> = {}) {
  return apiJson<T>(`/api/painel/v1/${pathname}`, {
    method: json === undefined ? 'GET' : 'POST',
    host: 'es',
    json,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

async function getPrice(productId: number) {
  return (
    await getTestDb().query<{ price_minor: number; currency_id: number }>(
      'SELECT price_minor::int, currency_id FROM products WHERE id = $1',
      [productId],
    )
  ).rows[0]!;
}

/** `count` products with codes `${prefix}-0..n`, inserted in one statement, stock 1. */
async function createProducts(prefix: string, count: number): Promise<string[]> {
  const product = await createProduct({ stock: 1 });
  await getTestDb().query(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id)
     SELECT $1 || '-' || n, lower($1) || '-' || n, 'Broca ' || n, 'Mecha ' || n, 1000, 2, 1, brand_id, category_id
       FROM generate_series(0, $2 - 1) AS n, (SELECT brand_id, category_id FROM products WHERE id = $3) AS p`,
    [prefix, count, product.id],
  );
  return Array.from({ length: count }, (_, n) => `${prefix}-${n}`);
}

describe('ERP API keys and scopes', () => {
  it('a stock key sets stock, cannot change prices (403), and a revoked key is refused (401)', async () => {
    const key = await createKey(['stock']);
    const product = await createProduct({ stock: 3 });
    const before = await getPrice(product.id);
    const stock = await call('estoque', key, { itens: [{ codigo: product.code, estoque: 42 }] });
    expect(stock).toEqual({ status: 200, body: { recebidos: 1, atualizados: 1, inalterados: 0, rejeitados: [] } });
    expect(await getStock(product.id)).toBe(42);
    const audit = await getTestDb().query<{ actor: string; after: unknown }>(
      `SELECT actor, after FROM audit_log WHERE action = 'erp.stock' AND actor = $1`,
      [`api-key:${key.slice(0, 12)}`],
    );
    expect(audit.rows).toEqual([{ actor: `api-key:${key.slice(0, 12)}`, after: { received: 1, changed: 1, codes: [product.code] } }]);
    // The audit page names the key (issue 34 point 11), and its filter tells keys from the command line.
    const { cookie } = await createSignedInStaff('admin');
    const auditPage = async (who: string) =>
      (await api(`/painel/auditoria?who=${who}&action=erp.stock`, { host: 'es', headers: { cookie } })).text();
    expect(await auditPage('api-key')).toContain(`Clave de API ${key.slice(0, 12)}`);
    expect(await auditPage('cli')).not.toContain(key.slice(0, 12));
    const prices = await call<ErrorAnswer>('precos', key, { itens: [{ codigo: product.code, preco: 99.9 }] });
    expect(prices.status).toBe(403);
    expect(prices.body.message).toBe('Esta clave de API no tiene el alcance "prices" que pide esta llamada.');
    expect(await getPrice(product.id)).toEqual(before);
    await getTestDb().query('UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1', [toKeyHash(key)]);
    const revoked = await call<ErrorAnswer>('estoque', key, { itens: [{ codigo: product.code, estoque: 1 }] });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/^Clave de API ausente, inválida o revocada/);
    expect(await getStock(product.id)).toBe(42);
  });

  it('takes no staff or customer session, and a key never opens the panel', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const customer = await signIn(await createTestCustomer(), 'es');
    const sessions: Record<string, string>[] = [
      { cookie },
      { authorization: `Bearer ${customer}` },
      { cookie: `fronteira_session=${customer}` },
    ];
    for (const headers of sessions) {
      const response = await call('pedidos-pagos', null, undefined, headers);
      expect(response.status).toBe(401);
    }
    const key = await createKey(['stock', 'prices', 'catalogue', 'orders:read']);
    const panel = await api('/painel/pedidos', { host: 'es', headers: { authorization: `Bearer ${key}` } });
    expect(panel.status).toBe(302);
    expect(panel.headers.get('location')).toMatch(/^\/painel\/login/);
    const panelApi = await api('/api/painel/pedidos/1/status', {
      method: 'POST',
      host: 'es',
      json: { acao: 'ship' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(panelApi.status).toBe(401);
  });

  it('an admin creates a key in the panel (secret shown once, audited), its last use shows, and revoking it locks it out', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const name = `ERP ${uniqueId()}`;
    const created = await postForm('/painel/chaves-api', { acao: 'criar', nome: name, escopo: 'orders:read' }, { cookie });
    expect(created.status).toBe(201);
    const page = await created.text();
    const secret = page.match(/data-api-key-secret(?:="")?>([^<]+)</)?.[1] ?? '';
    const lastUse = (html: string) =>
      html.match(new RegExp(`data-api-key="${secret.slice(0, 12)}"[\\s\\S]*?data-last-used(?:="")?>([^<]+)<`))?.[1];
    expect(secret).toMatch(/^frt_[A-Za-z0-9_-]{43}$/);
    const {
      rows: [stored],
    } = await getTestDb().query<{ id: string; key_hash: Buffer; scopes: string[] }>(
      'SELECT id, key_hash, scopes FROM api_keys WHERE name = $1',
      [name],
    );
    expect(stored!.key_hash.equals(toKeyHash(secret))).toBe(true);
    expect(stored!.scopes).toEqual(['orders:read']);
    const listed = await (await api('/painel/chaves-api', { host: 'es', headers: { cookie } })).text();
    expect(listed).not.toContain(secret);
    expect(lastUse(listed)).toBe('Nunca usada');
    expect((await call('pedidos-pagos?limite=1', secret)).status).toBe(200);
    const used = await (await api('/painel/chaves-api', { host: 'es', headers: { cookie } })).text();
    expect(lastUse(used)).toMatch(/\d/);
    const revoked = await postForm('/painel/chaves-api', { acao: 'revogar', id: stored!.id }, { cookie });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain(`Clave &quot;${name}&quot; revocada: ya no abre ninguna llamada.`);
    expect((await call('pedidos-pagos', secret)).status).toBe(401);
    const audit = await getTestDb().query<{ action: string; actor: string; after: { scopes?: string[] } }>(
      `SELECT action, actor, after FROM audit_log WHERE entity_type = 'api_key' AND entity_id = $1 ORDER BY id`,
      [stored!.id],
    );
    expect(audit.rows.map((row) => [row.action, row.actor])).toEqual([
      ['api_key.create', staff.email],
      ['api_key.revoke', staff.email],
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(secret.slice(12));
  });

  it("a disabled creator's key is refused (401); the panel asks before disabling a key holder, and revokes when told (audited)", async () => {
    const { staff: admin, cookie } = await createSignedInStaff('admin');
    const product = await createProduct({ stock: 3 });
    const setStock = (key: string, estoque: number) => call<ErrorAnswer>('estoque', key, { itens: [{ codigo: product.code, estoque }] });
    // A creator disabled before keys had a holder rule (or behind the panel's back): the key stops.
    const gone = await createTestStaff('admin');
    const orphan = await createKey(['stock'], gone.id);
    expect((await setStock(orphan, 5)).status).toBe(200);
    await getTestDb().query('UPDATE staff SET disabled_at = now() WHERE id = $1', [gone.id]);
    const refused = await setStock(orphan, 6);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/^Clave de API ausente, inválida o revocada/);
    expect(await getStock(product.id)).toBe(5);

    const creator = await createTestStaff('admin');
    const key = await createKey(['stock'], creator.id);
    const team = await (await api('/painel/equipe', { host: 'es', headers: { cookie } })).text();
    const row = team.match(new RegExp(`data-staff-row="${creator.email}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    expect(row).toContain('Claves de API activas: 1');
    expect(row).toContain(`Pasar las claves a ${admin.email}`);
    const unasked = await postForm('/painel/equipe', { action: 'disable', id: String(creator.id) }, { cookie });
    expect(unasked.status).toBe(422);
    expect(await unasked.text()).toContain('Esta persona tiene claves de API activas: elige revocarlas o pasarlas a otro administrador.');
    expect((await setStock(key, 7)).status).toBe(200);
    const revoked = await postForm('/painel/equipe', { action: 'disable', id: String(creator.id), keys: 'revoke' }, { cookie });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain(`${creator.email} fue desactivada; sus sesiones terminaron y se revocaron 1 clave(s) de API.`);
    expect((await setStock(key, 8)).status).toBe(401);
    expect(await getStock(product.id)).toBe(7);
    expect((await keyAudit(key)).map((entry) => [entry.action, entry.actor])).toEqual([['api_key.revoke', admin.email]]);
  });

  it('a key handed to another admin when its creator is disabled keeps working, and the hand-over and its writes are audited', async () => {
    const { staff: admin, cookie } = await createSignedInStaff('admin');
    const creator = await createTestStaff('admin');
    const counter = await createTestStaff('counter');
    const key = await createKey(['stock'], creator.id);
    const product = await createProduct({ stock: 3 });
    const toCounter = await postForm('/painel/equipe', { action: 'disable', id: String(creator.id), keys: String(counter.id) }, { cookie });
    expect(toCounter.status).toBe(422);
    expect(await toCounter.text()).toContain('Las claves solo pueden pasar a otro administrador activo.');
    const handed = await postForm('/painel/equipe', { action: 'disable', id: String(creator.id), keys: String(admin.id) }, { cookie });
    expect(handed.status).toBe(200);
    expect(await handed.text()).toContain(
      `${creator.email} fue desactivada; sus sesiones terminaron y 1 clave(s) de API pasaron a ${admin.email}.`,
    );
    const stock = await call('estoque', key, { itens: [{ codigo: product.code, estoque: 11 }] });
    expect(stock.status).toBe(200);
    expect(await getStock(product.id)).toBe(11);
    expect(await keyAudit(key)).toEqual([
      { action: 'api_key.hand_over', actor: admin.email, after: { holder: admin.id, holderEmail: admin.email } },
    ]);
    const writes = await getTestDb().query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'erp.stock' AND after->'codes' ? $1`,
      [product.code],
    );
    expect(writes.rows).toEqual([{ actor: `api-key:${key.slice(0, 12)}` }]);
    const keysPage = await (await api('/painel/chaves-api', { host: 'es', headers: { cookie } })).text();
    expect(keysPage).toContain(`Pasada a ${admin.email}`);
  });
});

describe('ERP bulk updates', () => {
  it('5,000 stock rows with 3 unknown codes update 4,997 and list the 3; the same call again changes nothing', async () => {
    const key = await createKey(['stock']);
    const prefix = `BLK-${uniqueId()}`;
    const codes = await createProducts(prefix, 4997);
    const itens = codes.map((codigo, n) => ({ codigo, estoque: 100 + n }));
    const unknown = [`${prefix}-X1`, `${prefix}-X2`, `${prefix}-X3`];
    itens.splice(10, 0, { codigo: unknown[0]!, estoque: 5 });
    itens.splice(2500, 0, { codigo: unknown[1]!, estoque: 5 });
    itens.push({ codigo: unknown[2]!, estoque: 5 });
    expect(itens).toHaveLength(5000);
    const first = await call<BulkResult>('estoque', key, { itens });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ recebidos: 5000, atualizados: 4997, inalterados: 0 });
    expect(first.body.rejeitados).toEqual(
      [11, 2501, 5000].map((linha, n) => ({
        linha,
        codigo: unknown[n],
        motivo: 'codigo_desconhecido',
        mensagem: 'Ningún producto con este código.',
      })),
    );
    const { rows } = await getTestDb().query<{ code: string; stock: number }>('SELECT code, stock FROM products WHERE code LIKE $1', [
      `${prefix}-%`,
    ]);
    expect(rows).toHaveLength(4997);
    expect(rows.every((row) => row.stock === 100 + Number(row.code.slice(prefix.length + 1)))).toBe(true);
    const again = await call('estoque', key, { itens });
    expect(again.body).toMatchObject({ atualizados: 0, inalterados: 4997 });
  });

  it('refuses more than 5,000 rows whole, with a message (413)', async () => {
    const key = await createKey(['stock']);
    const product = await createProduct({ stock: 2 });
    const itens = Array.from({ length: 5001 }, () => ({ codigo: product.code, estoque: 9 }));
    const response = await call('estoque', key, { itens });
    expect(response).toEqual({
      status: 413,
      body: { message: 'Como máximo 5000 filas por llamada; esta tiene 5001. Divide el envío en lotes.' },
    });
    expect(await getStock(product.id)).toBe(2);
  });

  it('/precos reads prices as /produtos does ("75,50", "1.234,56", 75.5); a price that does not read fails alone, said in the key language', async () => {
    const key = await createKey(['prices']);
    const [usd, brl, pyg, bad] = [
      await createProduct({ stock: 1 }),
      await createProduct({ stock: 1 }),
      await createProduct({ stock: 1 }),
      await createProduct({ stock: 1 }),
    ];
    const response = await call<BulkResult>('precos', key, {
      itens: [
        { codigo: usd.code, preco: '75,50' },
        { codigo: brl.code, preco: '1.234,56', moeda: 'BRL' },
        { codigo: pyg.code, preco: '150.000', moeda: 'PYG' },
        { codigo: bad.code, preco: '12,345' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ recebidos: 4, atualizados: 3, inalterados: 0 });
    expect(response.body.rejeitados).toEqual([
      {
        linha: 4,
        codigo: bad.code,
        motivo: 'valor_invalido',
        mensagem: 'Valor inválido en esta fila.',
        campos: { preco: ['preco: demasiados decimales para la moneda'] },
      },
    ]);
    expect(await getPrice(usd.id)).toEqual({ price_minor: 7550, currency_id: 2 });
    expect(await getPrice(brl.id)).toEqual({ price_minor: 123456, currency_id: 1 });
    expect(await getPrice(pyg.id)).toEqual({ price_minor: 150000, currency_id: 3 });
    expect(await getPrice(bad.id)).toEqual({ price_minor: 10000, currency_id: 2 });
  });

  it("prices: bad rows fail alone (unknown, too many decimals, negative, repeated), the rest apply; messages in the key's language", async () => {
    const key = await createKey(['prices'], null, { locale: 'pt-BR' });
    const [a, b, c, d] = [
      await createProduct({ stock: 1 }),
      await createProduct({ stock: 1 }),
      await createProduct({ stock: 1 }),
      await createProduct({ stock: 1 }),
    ];
    const response = await apiJson<BulkResult>('/api/painel/v1/precos', {
      method: 'POST',
      host: 'br',
      token: key,
      json: {
        itens: [
          { codigo: a.code, preco: 12.5 },
          { codigo: b.code, preco: 150000, moeda: 'PYG' },
          { codigo: c.code, preco: 1.005 },
          { codigo: 'NO-SUCH-CODE', preco: 1 },
          { codigo: d.code, preco: -3 },
          { codigo: a.code, preco: 13 },
          'not a row',
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ recebidos: 7, atualizados: 2, inalterados: 0 });
    expect(response.body.rejeitados.map((row: { linha: number; motivo: string }) => [row.linha, row.motivo])).toEqual([
      [3, 'valor_invalido'],
      [4, 'codigo_desconhecido'],
      [5, 'valor_invalido'],
      [6, 'codigo_repetido'],
      [7, 'valor_invalido'],
    ]);
    expect(response.body.rejeitados[1]!.mensagem).toBe('Nenhum produto com este código.');
    expect(Object.keys(response.body.rejeitados[2]!.campos!)).toEqual(['preco']);
    expect(await getPrice(a.id)).toEqual({ price_minor: 1250, currency_id: 2 });
    expect(await getPrice(b.id)).toEqual({ price_minor: 150000, currency_id: 3 });
    expect(await getPrice(c.id)).toEqual({ price_minor: 10000, currency_id: 2 });
  });

  it('garbage bodies get a 4xx with a message, never a 5xx', async () => {
    const key = await createKey(['stock', 'prices']);
    const bodies: { body: string; type?: string; status: number }[] = [
      { body: 'not json', status: 400 },
      { body: '[1,2]', status: 422 },
      { body: '{"itens": "x"}', status: 422 },
      { body: '{"itens": []}', status: 422 },
      { body: '{"itens": [{"codigo": "A", "estoque": 1}]}', type: 'text/plain', status: 415 },
      { body: 'null', status: 422 },
      { body: '{"itens": [{"codigo": "A", "estoque": 1e400}]}', status: 200 },
      { body: '{"itens": [{"codigo": "\\u0000", "estoque": 1, "preco": 1}]}', status: 200 },
    ];
    for (const target of ['estoque', 'precos']) {
      for (const { body, type, status } of bodies) {
        const response = await api(`/api/painel/v1/${target}`, {
          method: 'POST',
          host: 'es',
          token: key,
          body,
          headers: { 'content-type': type ?? 'application/json' },
        });
        const answer = (await response.json()) as { message?: string; rejeitados?: unknown[] };
        expect(response.status, `${target} ${body}`).toBe(status);
        if (status !== 200) expect(answer.message, `${target} ${body}`).toMatch(/\S/);
        else expect(answer.rejeitados, `${target} ${body}`).toHaveLength(1);
      }
    }
    const wrongMethod = await call('estoque', key);
    expect(wrongMethod).toEqual({ status: 405, body: { message: 'Método no permitido en esta dirección: usa POST.' } });
    const allowed = await api('/api/painel/v1/estoque', { method: 'DELETE', host: 'es', token: key });
    expect([allowed.status, allowed.headers.get('allow'), allowed.headers.get('content-type')]).toEqual([
      405,
      'POST',
      'application/json; charset=utf-8',
    ]);
    const badKey = await call('estoque', 'frt_short', { itens: [] });
    expect(badKey.status).toBe(401);
    const orders = await createKey(['orders:read']);
    for (const query of ['cursor=%%%', 'cursor=bm90LWEtY3Vyc29y', 'limite=0', 'limite=201', 'limite=abc']) {
      const response = await call<ErrorAnswer>(`pedidos-pagos?${query}`, orders);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(/\S/);
    }
  });

  it('Idempotency-Key: the same call again gets the first answer back; another body under the same key is refused', async () => {
    const key = await createKey(['stock']);
    const product = await createProduct({ stock: 1 });
    const idem = { 'idempotency-key': `sync-${uniqueId()}` };
    const first = await call('estoque', key, { itens: [{ codigo: product.code, estoque: 7 }] }, idem);
    await getTestDb().query('UPDATE products SET stock = 3 WHERE id = $1', [product.id]);
    const replay = await api('/api/painel/v1/estoque', {
      method: 'POST',
      host: 'es',
      token: key,
      json: { itens: [{ codigo: product.code, estoque: 7 }] },
      headers: idem,
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(first.body);
    expect(await getStock(product.id)).toBe(3);
    const other = await call<ErrorAnswer>('estoque', key, { itens: [{ codigo: product.code, estoque: 8 }] }, idem);
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key/);
  });
});

describe('ERP paid orders feed', () => {
  it('pages through paid orders by cursor: each once, with items, buyer document, totals and payment references', async () => {
    const key = await createKey(['orders:read']);
    // First to the end of what is there (other files' orders), then page through ours two at a time.
    let cursor: string | undefined;
    for (let more = true; more;) {
      const page = await call<PaidOrdersPage>(`pedidos-pagos?limite=200${cursor ? `&cursor=${cursor}` : ''}`, key);
      cursor = page.body.proximo_cursor;
      more = page.body.mais;
    }
    const mine = [await createPaidOrder(), await createPaidOrder({ quantity: 2 }), await createPaidOrder()];
    // Stored as the code CEDULA; the specification writes the type as a word (RUC or Cédula).
    await getTestDb().query(`UPDATE customers SET document_type = 'CEDULA', document = '1234567' WHERE id = $1`, [mine[1]!.customer.id]);
    const wanted = new Set(mine.map((order) => order.number));
    const seen: number[] = [];
    const found = new Map<number, PaidOrderRow>();
    // Orders show once every transaction older than their payment has ended: read until all three came.
    const deadline = Date.now() + 15_000;
    while ([...wanted].some((number) => !found.has(number)) && Date.now() < deadline) {
      const page = await call<PaidOrdersPage>(`pedidos-pagos?limite=2${cursor ? `&cursor=${cursor}` : ''}`, key);
      expect(page.status).toBe(200);
      expect(page.body.pedidos.length).toBeLessThanOrEqual(2);
      for (const order of page.body.pedidos) {
        seen.push(order.numero);
        if (wanted.has(order.numero)) found.set(order.numero, order);
      }
      cursor = page.body.proximo_cursor;
      if (!page.body.mais && [...wanted].some((number) => !found.has(number))) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...found.keys()].sort()).toEqual([...wanted].sort());
    const second = found.get(mine[1]!.number)!;
    expect(second).toMatchObject({
      status: 'PAGO',
      moeda: 'PYG',
      casas_decimais: 0,
      comprador: { email: mine[1]!.customer.email, tipo_documento: 'Cédula', documento: '1234567' },
      itens: [{ codigo: mine[1]!.product.code, quantidade: 2 }],
      pagamentos: [{ referencia: mine[1]!.payment.reference, status: 'PAGO', valor: mine[1]!.payment.amount_minor }],
    });
    expect(second.total).toBe(second.itens_total + second.frete);
    const after = await call<PaidOrdersPage>(`pedidos-pagos?cursor=${cursor}`, key);
    expect(after.body.pedidos.map((order: { numero: number }) => order.numero)).not.toEqual(expect.arrayContaining([...wanted]));
  });
});

describe('ERP OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document naming every route, its scopes and its error bodies', async () => {
    const key = await createKey(['stock']);
    const response = await call<OpenApiDocument>('openapi.json', key);
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Stricter than the structure check: what code generators and other validators need.
    // Every pattern in JSON Schema's interoperable regex subset (no Unicode property escapes, which
    // Python's re refuses and a validator without the u flag reads as other characters:
    // https://json-schema.org/understanding-json-schema/reference/regular_expressions), and compiling as ECMA-262.
    const patterns = [...JSON.stringify(document).matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/\\[pP]\{/);
      expect(() => new RegExp(pattern), pattern).not.toThrow();
    }
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    const ids = operations.map(({ op }) => op.operationId);
    expect(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id)),
      ids.join(),
    ).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
    // Typed bodies: every request and 200 answer but this document's own names its schema.
    const schemas = document.components.schemas;
    for (const { path, method, op } of operations) {
      if (path.endsWith('/openapi.json')) continue;
      const bodies = [op.requestBody?.content['application/json']?.schema, op.responses['200']?.content['application/json']?.schema];
      for (const schema of bodies.filter((body) => body !== undefined))
        expect(schema, `${method} ${path}`).toMatchObject({ $ref: expect.any(String) });
    }
    expect(schemas.ProductUpsert!.properties!.itens).toMatchObject({ items: { $ref: '#/components/schemas/ProductRow' } });
    expect(Object.keys(schemas.ProductRow!.properties!)).toEqual(
      expect.arrayContaining(['codigo', 'nome_pt', 'preco', 'moeda', 'estoque', 'imagens']),
    );
    expect(document.components.securitySchemes.bearerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const routes = listPanelRoutes().filter((route) => route.path.startsWith('/api/painel/v1/'));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      // ALL only answers 405 to other methods: the methods the route serves are its own exports.
      const methods = [...readFileSync(`src/pages/${route.file}`, 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
        (m) => m[1]!,
      );
      expect(methods.length, route.file).toBeGreaterThan(0);
      for (const method of methods) expect(document.paths[route.path]?.[method.toLowerCase()], `${method} ${route.path}`).toBeDefined();
    }
    expect(document.paths['/api/painel/v1/estoque']!.post!.security).toEqual([{ bearerKey: ['stock'] }]);
    expect(document.paths['/api/painel/v1/precos']!.post!.responses['413']!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect((await call('openapi.json', null)).status).toBe(401);
  });
});

describe('ERP product upsert', () => {
  const product = (codigo: string, preco: number | string, estoque: number) => ({
    codigo,
    nome_pt: `Furadeira ERP ${codigo}`,
    nome_es: `Taladro ERP ${codigo}`,
    marca: 'Makita',
    categoria_pt: 'Ferramentas Elétricas',
    preco,
    moeda: 'USD',
    estoque,
  });

  it('creates and updates by codigo, lists the rows at fault with their fields, and a repeated call changes nothing', async () => {
    const key = await createKey(['catalogue']);
    const prefix = `UPS-${uniqueId()}`;
    const first = await call<ProductUpsertResult>('produtos', key, {
      itens: [product(`${prefix}-1`, 10, 3), product(`${prefix}-2`, '12,50', 0)],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ recebidos: 2, criados: 2, alterados: 0, inalterados: 0, rejeitados: [] });

    const itens = [product(`${prefix}-1`, 11, 3), { ...product(`${prefix}-3`, -4, 1), nome_es: '' }, product(`${prefix}-2`, '12,50', 0)];
    const second = await call<ProductUpsertResult>('produtos', key, { itens });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ recebidos: 3, criados: 0, alterados: 1, inalterados: 1 });
    expect(second.body.rejeitados).toEqual([
      {
        linha: 2,
        codigo: `${prefix}-3`,
        motivo: 'valor_invalido',
        mensagem: 'Valor inválido en esta fila.',
        campos: { nome_es: [expect.any(String)], preco: [expect.any(String)] },
      },
    ]);
    const { rows } = await getTestDb().query<{ code: string; price_minor: number }>(
      'SELECT code, price_minor FROM products WHERE code LIKE $1 ORDER BY code',
      [`${prefix}-%`],
    );
    expect(rows).toEqual([
      { code: `${prefix}-1`, price_minor: 1100 },
      { code: `${prefix}-2`, price_minor: 1250 },
    ]);

    const again = await call('produtos', key, { itens });
    expect(again.body).toMatchObject({ criados: 0, alterados: 0, inalterados: 2 });
  });

  it('needs the catalogue scope, and refuses more than 500 products whole', async () => {
    const stockKey = await createKey(['stock']);
    expect((await call('produtos', stockKey, { itens: [product(`UPS-${uniqueId()}`, 1, 1)] })).status).toBe(403);
    const key = await createKey(['catalogue']);
    const prefix = `UPS-${uniqueId()}`;
    const tooMany = await call<ErrorAnswer>('produtos', key, {
      itens: Array.from({ length: 501 }, (_, n) => product(`${prefix}-${n}`, 1, 1)),
    });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toContain('500');
    const { rows } = await getTestDb().query('SELECT 1 FROM products WHERE code LIKE $1', [`${prefix}-%`]);
    expect(rows).toHaveLength(0);
  });
});
