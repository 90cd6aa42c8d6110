// server.mjs serves the hot cart and shipping routes without Astro's pipeline (decision 0206).
// Each request here goes to the run's shop (fast routes) and to a second shop on the same
// database and data folder with FAST_ROUTES=off (Astro): the answers must be the same.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDb, getRunStack } from '../support/api.ts';
import { createTestCustomer, createTestProduct, newExternalId } from '../support/cart-fixtures.ts';
import { startCuttableProxy, type CuttableProxy } from '../support/db-proxy.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';

interface Call {
  method: string;
  path: string;
  host?: 'br' | 'es';
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}
interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

// Headers a client or cache acts on; transfer framing (chunked or content-length) may differ.
const COMPARED = [
  'content-type',
  'cache-control',
  'retry-after',
  'set-cookie',
  'vary',
  'content-encoding',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
];

function send(port: number, call: Call): Promise<Answer> {
  const host = `${call.host ?? 'br'}.localhost:${port}`;
  const payload = call.json !== undefined ? JSON.stringify(call.json) : call.raw;
  const headers: Record<string, string> = { host, ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}) };
  for (const [name, value] of Object.entries(call.headers ?? {})) headers[name] = value.replaceAll('{origin}', `http://${host}`);
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path: call.path, method: call.method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const picked = Object.fromEntries(
          COMPARED.map((name) => {
            const value = incoming.headers[name];
            return [name, Array.isArray(value) ? value.join('\n') : value?.replaceAll(`:${port}`, ':PORT')];
          }),
        );
        resolve({ status: incoming.statusCode ?? 0, headers: picked, body: text ? JSON.parse(text) : undefined });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Delivery tokens carry their expiry second: compare what they vouch for, not when they were signed. */
function withoutExpiry(value: unknown): unknown {
  if (typeof value === 'string' && /^[\w-]{20,}\.[\w-]{43}$/.test(value)) {
    const claims = JSON.parse(Buffer.from(value.split('.')[0] as string, 'base64url').toString('utf8')) as unknown[];
    return { claims: claims.slice(0, -1) };
  }
  if (Array.isArray(value)) return value.map(withoutExpiry);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutExpiry(v)]));
  return value;
}

let astro: ShopProcess;
const fastPort = () => getRunStack().port;

/** The cart's version counts every write: the same change sent twice answers one version apart. */
function withoutVersion(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('versao' in body)) return body;
  const { versao: _counted, ...rest } = body as Record<string, unknown>;
  return rest;
}

async function expectSameAnswer(call: Call, expectedStatus: number): Promise<Answer> {
  const fast = await send(fastPort(), call);
  const slow = await send(astro.port, call);
  expect(fast.status, `${call.method} ${call.path}`).toBe(expectedStatus);
  expect({ ...fast, body: withoutExpiry(withoutVersion(fast.body)) }).toEqual({ ...slow, body: withoutExpiry(withoutVersion(slow.body)) });
  return fast;
}

beforeAll(async () => {
  astro = await startShopProcess(getRunStack().databaseUrl, { FAST_ROUTES: 'off', DATA_DIR: getRunStack().dataDir });
});
afterAll(async () => {
  await astro?.stop();
});

function cartBody(externalId: string, itens: unknown[], extra: Record<string, unknown> = {}) {
  return { external_id: externalId, filial_id: 1, moeda_id: 3, itens, ...extra };
}

describe('fast cart routes answer exactly as the Astro endpoints', () => {
  it('creates, reads and changes carts the same way, anonymous or signed in', async () => {
    const product = await createTestProduct({ stock: 4, priceMinor: 1250 });
    const customer = await createTestCustomer(0);
    const created = await send(fastPort(), {
      method: 'POST',
      path: '/ecom/venda/carrinho',
      json: cartBody(newExternalId(), [{ produto_id: product.id, qtde: 1 }]),
    });
    expect(created.status).toBe(201);
    const { id, external_id: externalId } = created.body as { id: number; external_id: string };
    const item = (qtde: number) => ({ produto_id: product.id, qtde, armazem_id: 1, ativo: true });

    await expectSameAnswer({ method: 'PUT', path: `/ecom/venda/carrinho/${id}`, json: cartBody(externalId, [item(3)]) }, 200);
    await expectSameAnswer(
      { method: 'PUT', path: `/ecom/venda/carrinho/${externalId}`, host: 'es', json: cartBody(externalId, [item(2)], { moeda_id: 2 }) },
      200,
    );
    await expectSameAnswer({ method: 'GET', path: `/ecom/venda/carrinho/${externalId}?moeda_id=2` }, 200);
    await expectSameAnswer({ method: 'GET', path: `/ecom/venda/carrinho/${externalId}?moeda_id=2&lang=es` }, 200);
    // Stock cap, in each host's language and in es-AR through the language cookie.
    await expectSameAnswer({ method: 'PUT', path: `/ecom/venda/carrinho/${id}`, json: cartBody(externalId, [item(9)]) }, 422);
    await expectSameAnswer(
      {
        method: 'PUT',
        path: `/ecom/venda/carrinho/${id}`,
        host: 'es',
        headers: { cookie: 'fronteira_lang=es-AR' },
        json: cartBody(externalId, [item(9)]),
      },
      422,
    );
    // The first customer's token binds the cart; another one is refused.
    await expectSameAnswer(
      {
        method: 'PUT',
        path: `/ecom/venda/carrinho/${id}`,
        headers: { authorization: `Bearer ${customer.token}` },
        json: cartBody(externalId, [item(1)]),
      },
      200,
    );
    const other = await createTestCustomer(1);
    await expectSameAnswer(
      {
        method: 'PUT',
        path: `/ecom/venda/carrinho/${id}`,
        headers: { authorization: `Bearer ${other.token}` },
        json: cartBody(externalId, [item(1)]),
      },
      403,
    );
    await expectSameAnswer(
      { method: 'GET', path: `/ecom/venda/carrinho/${externalId}`, headers: { authorization: `Bearer ${other.token}` } },
      403,
    );
  });

  it('refuses bad requests with the same status, message and field errors', async () => {
    const externalId = newExternalId();
    expect((await send(fastPort(), { method: 'POST', path: '/ecom/venda/carrinho', json: cartBody(externalId, []) })).status).toBe(201);
    const put = `/ecom/venda/carrinho/${externalId}`;
    await expectSameAnswer(
      {
        method: 'PUT',
        path: put,
        raw: JSON.stringify(cartBody(externalId, [])),
        headers: { 'content-type': 'text/plain', origin: '{origin}' },
      },
      415,
    );
    await expectSameAnswer({ method: 'PUT', path: put, raw: '{"external_id":', headers: { 'content-type': 'application/json' } }, 400);
    await expectSameAnswer({ method: 'PUT', path: put, json: cartBody(externalId, [{ produto_id: 'x', qtde: 1 }], { moeda_id: 9 }) }, 422);
    await expectSameAnswer({ method: 'PUT', path: '/ecom/venda/carrinho/short', json: cartBody('short', []) }, 400);
    await expectSameAnswer({ method: 'PUT', path: `/ecom/venda/carrinho/${newExternalId()}`, json: cartBody(externalId, []) }, 404);
    await expectSameAnswer({ method: 'PUT', path: '/ecom/venda/carrinho/999999999', json: cartBody(externalId, []) }, 404);
    await expectSameAnswer({ method: 'GET', path: `/ecom/venda/carrinho/${newExternalId()}?moeda_id=2` }, 404);
    await expectSameAnswer({ method: 'GET', path: `${put}?moeda_id=9` }, 400);
    await expectSameAnswer({ method: 'GET', path: '/ecom/venda/carrinho/short' }, 400);
    await expectSameAnswer({ method: 'POST', path: '/ecom/venda/carrinho', json: cartBody(externalId, []) }, 422);
  });

  it('applies the same origin check, bearer exception and ended-session cookie rule', async () => {
    const customer = await createTestCustomer(0);
    const externalId = newExternalId();
    expect((await send(fastPort(), { method: 'POST', path: '/ecom/venda/carrinho', json: cartBody(externalId, []) })).status).toBe(201);
    const put = `/ecom/venda/carrinho/${externalId}`;
    const form = JSON.stringify(cartBody(externalId, []));
    // A cross-site form post is refused before anything else; an API client with its bearer token is not.
    await expectSameAnswer(
      { method: 'PUT', path: put, raw: form, headers: { 'content-type': 'text/plain', origin: 'https://evil.example' } },
      403,
    );
    await expectSameAnswer(
      {
        method: 'PUT',
        path: put,
        raw: form,
        headers: {
          'content-type': 'text/plain',
          origin: 'https://evil.example',
          cookie: `fronteira_session=${customer.token}`,
          authorization: `Bearer ${customer.token}`,
        },
      },
      403,
    );
    await expectSameAnswer(
      {
        method: 'PUT',
        path: put,
        raw: form,
        headers: { 'content-type': 'text/plain', origin: 'https://evil.example', authorization: `Bearer ${customer.token}` },
      },
      415,
    );
    // The session cookie signs the request in; an ended session's cookie is cleared.
    await expectSameAnswer({ method: 'GET', path: put, headers: { cookie: `other=1; fronteira_session=${customer.token}` } }, 200);
    await getTestDb().query('UPDATE sessions SET ended_at = now() WHERE customer_id = $1', [customer.id]);
    const ended = await expectSameAnswer({ method: 'GET', path: put, headers: { cookie: `fronteira_session=${customer.token}` } }, 403);
    expect(ended.headers['set-cookie']).toMatch(/^fronteira_session=/);
  });
});

describe('fast shipping routes answer exactly as the Astro endpoints', () => {
  it('calculates options and lists pickup points the same way', async () => {
    const product = await createTestProduct({ stock: 5 });
    const externalId = newExternalId();
    const created = await send(fastPort(), {
      method: 'POST',
      path: '/ecom/venda/carrinho',
      host: 'es',
      json: cartBody(externalId, [{ produto_id: product.id, qtde: 1 }]),
    });
    expect(created.status).toBe(201);
    const { rows } = await getTestDb().query(`SELECT id FROM cities WHERE name = 'Ciudad del Este' AND state_id = 30`);
    const city = Number(rows[0].id);
    const calc = `/ecom/venda/carrinho/${externalId}/calcular-frete`;
    await expectSameAnswer({ method: 'PUT', path: calc, host: 'es', json: { cidade_id: city, external_id: externalId, moeda_id: 3 } }, 200);
    await expectSameAnswer({ method: 'PUT', path: calc, host: 'br', json: { cidade_id: city, external_id: externalId, moeda_id: 3 } }, 200);
    await expectSameAnswer({ method: 'PUT', path: calc, host: 'es', json: { cidade_id: 'x' } }, 422);
    await expectSameAnswer(
      { method: 'PUT', path: calc, host: 'es', raw: 'cidade_id=1', headers: { 'content-type': 'text/plain', origin: '{origin}' } },
      415,
    );
    await expectSameAnswer(
      { method: 'PUT', path: `/ecom/venda/carrinho/${newExternalId()}/calcular-frete`, host: 'es', json: { cidade_id: city } },
      404,
    );
    await expectSameAnswer({ method: 'GET', path: `/ecom/venda/carrinho/${externalId}/pontos-entrega?cidade_id=${city}`, host: 'es' }, 200);
    await expectSameAnswer({ method: 'GET', path: '/ecom/venda/carrinho/short/pontos-entrega', host: 'es' }, 400);
  });
});

describe('fast routes without a database', () => {
  let proxy: CuttableProxy;
  let fast: ShopProcess;
  let slow: ShopProcess;
  beforeAll(async () => {
    proxy = await startCuttableProxy(getRunStack().databaseUrl);
    [fast, slow] = await Promise.all([
      startShopProcess(proxy.databaseUrl, { DATA_DIR: getRunStack().dataDir }),
      startShopProcess(proxy.databaseUrl, { DATA_DIR: getRunStack().dataDir, FAST_ROUTES: 'off' }),
    ]);
  });
  afterAll(async () => {
    proxy?.restore();
    await Promise.all([fast?.stop(), slow?.stop()]);
    await proxy?.close();
  });

  it('answers 503 with Retry-After in the shopper language, like the error page does', async () => {
    const customer = await createTestCustomer(0);
    const externalId = newExternalId();
    proxy.cut();
    for (const call of [
      { method: 'PUT', path: `/ecom/venda/carrinho/${externalId}`, host: 'es', json: cartBody(externalId, []) },
      { method: 'GET', path: `/ecom/venda/carrinho/${newExternalId()}`, headers: { authorization: `Bearer ${customer.token}` } },
    ] as Call[]) {
      const [a, b] = [await send(fast.port, call), await send(slow.port, call)];
      expect(a.status).toBe(503);
      expect(a.headers['retry-after']).toBe('10');
      expect(a).toEqual(b);
    }
  });
});
