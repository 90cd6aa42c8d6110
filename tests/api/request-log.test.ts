import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { getRunStack } from '../support/api.ts';

/**
 * Issue 16 point 5: an operator reads JSON lines, one access line per request (no personal data),
 * every line of a request carrying the id the answer's X-Request-Id names.
 */
let shop: ShopProcess;
let dataDir = '';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  host?: string;
  client?: string;
  agent?: string;
}

function readLines(): LogLine[] {
  return shop
    .getOutput()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

async function waitForLine(match: (line: LogLine) => boolean): Promise<LogLine> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = readLines().find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such log line in:\n${shop.getOutput().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-log-'));
  await chmod(dataDir, 0o755);
  shop = await startShopProcess(
    getRunStack().databaseUrl,
    { DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { captureOutput: true },
  );
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const host = () => `es.localhost:${shop.port}`;

describe('request log', () => {
  it('answers the id a proxy sent and writes one access line with it, without the query string', async () => {
    const response = await fetch(`http://127.0.0.1:${shop.port}/api/public/products?text=ana%40example.com&per_page=1`, {
      headers: { host: host(), 'x-request-id': 'lb-7f3a9c21-req', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Test' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a9c21-req');
    const line = await waitForLine((l) => l.reqId === 'lb-7f3a9c21-req' && l.msg === 'request');
    expect(line).toMatchObject({ method: 'GET', path: '/api/public/products', status: 200, level: 30 });
    // Issue 31 point 8: the host, the client's address as the rate limits see it, the user agent.
    // (fetch sends its own Host header: the address it connected to.)
    expect(line).toMatchObject({ host: `127.0.0.1:${shop.port}`, client: '127.0.0.1', agent: 'Mozilla/5.0 (Linux; Android 14) Test' });
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(shop.getOutput()).not.toContain('ana%40example.com');
    expect(shop.getOutput()).not.toContain('ana@example.com');
  });

  it('gives every request without a usable id a new one', async () => {
    const first = await fetch(`http://127.0.0.1:${shop.port}/sobre-nos`, {
      headers: { host: host(), 'x-request-id': 'bad id\twith spaces' },
    });
    const second = await fetch(`http://127.0.0.1:${shop.port}/sobre-nos`, { headers: { host: host() } });
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    await waitForLine((l) => l.reqId === ids[1] && l.path === '/sobre-nos' && l.status === 200);
  });

  it('keeps a reset token and an order id out of the access line, naming the route instead', async () => {
    const token = 'tok-9d8c7b6a5f4e3d2c1b0a';
    const order = 'ord-Zx9Yw8Vu7Ts6Rq5Po4Nm3';
    const reset = await fetch(`http://127.0.0.1:${shop.port}/app/reset-password/6f1c2d3e-aaaa-4bbb-8ccc-123456789abc/${token}`, {
      headers: { host: host(), 'x-request-id': 'reset-req-0001' },
    });
    const receipt = await fetch(`http://127.0.0.1:${shop.port}/pedido/${order}`, {
      headers: { host: host(), 'x-request-id': 'order-req-0001' },
    });
    await Promise.all([reset.arrayBuffer(), receipt.arrayBuffer()]);
    const resetLine = await waitForLine((l) => l.reqId === 'reset-req-0001' && l.msg === 'request');
    const orderLine = await waitForLine((l) => l.reqId === 'order-req-0001' && l.msg === 'request');
    expect([resetLine.path, orderLine.path]).toEqual(['/app/reset-password/:uuid/:token', '/pedido/:id']);
    expect(shop.getOutput()).not.toContain(token);
    expect(shop.getOutput()).not.toContain(order);
  });

  it('names the request on the lines the shop writes while serving it', async () => {
    // A payment notification with no valid signature is refused with a warning line.
    const response = await fetch(`http://127.0.0.1:${shop.port}/ecom/pagamentos/webhook/sandbox`, {
      method: 'POST',
      headers: { host: host(), 'content-type': 'application/json', 'x-request-id': 'webhook-req-0001' },
      body: '{"reference":"nope"}',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const warning = await waitForLine((l) => l.reqId === 'webhook-req-0001' && l.msg !== 'request');
    expect(warning.level).toBe(40);
    expect(warning.msg).toContain('notification refused');
  });
});
