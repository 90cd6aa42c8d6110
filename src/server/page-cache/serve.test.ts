import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache } from './serve.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A shop whose every page waits for `release()` before it is written. */
function startSlowShop() {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let rendered = false;
  let markStarted = (): void => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const handler = async (_req: IncomingMessage, res: ServerResponse) => {
    markStarted();
    await released;
    rendered = true;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'surrogate-key': 'all product:1' }).end('<p>page</p>');
  };
  const cache = createPageCache(handler as never, { maxBytes: 1_000_000, freshMs: 1000, staleMs: 1000, exposeStatus: true });
  const server = createServer((req, res) => {
    if (!cache.serve(req, res, () => res.writeHead(500).end())) res.writeHead(404).end();
  });
  servers.push(server);
  return new Promise<{ port: number; cache: typeof cache; started: Promise<void>; release: () => void; isRendered: () => boolean }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({ port: (server.address() as AddressInfo).port, cache, started, release, isRendered: () => rendered }),
      ),
  );
}

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, headers: { host: 'br.localhost' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('page cache settle (shutdown)', () => {
  it('resolves only once the renders under way have ended, so the pool is closed after them', async () => {
    const shop = await startSlowShop();
    const answer = get(shop.port, '/produto/x');
    await shop.started;
    let settled = false;
    const settling = shop.cache.settle().then(() => (settled = true));
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    shop.release();
    await settling;
    expect(shop.isRendered()).toBe(true);
    expect(await answer).toBe(200);
  });
});
