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
  let renders = 0;
  let requests = 0;
  let markStarted = (): void => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const handler = async (_req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    markStarted();
    await released;
    rendered = true;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'surrogate-key': 'all product:1' }).end('<p>page</p>');
  };
  const cache = createPageCache(handler as never, { maxBytes: 1_000_000, freshMs: 1000, staleMs: 1000, exposeStatus: true });
  const server = createServer((req, res) => {
    requests += 1;
    if (!cache.serve(req, res, () => res.writeHead(500).end())) res.writeHead(404).end();
  });
  servers.push(server);
  return new Promise<{
    port: number;
    cache: typeof cache;
    started: Promise<void>;
    release: () => void;
    isRendered: () => boolean;
    countRenders: () => number;
    countRequests: () => number;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        cache,
        started,
        release,
        isRendered: () => rendered,
        countRenders: () => renders,
        countRequests: () => requests,
      }),
    ),
  );
}

function get(port: number, path: string, host = 'br.localhost'): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, headers: { host } }, (res) => {
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

describe('page cache: one render per key', () => {
  it('concurrent misses for one key wait for a single render; another host renders its own', async () => {
    const shop = await startSlowShop();
    const waiting = [1, 2, 3, 4].map(() => get(shop.port, '/produto/x'));
    const otherHost = get(shop.port, '/produto/x', 'es.localhost');
    // Every request has reached the cache before the first render ends.
    while (shop.countRequests() < 5) await new Promise((resolve) => setImmediate(resolve));
    shop.release();
    expect(await Promise.all([...waiting, otherHost])).toEqual([200, 200, 200, 200, 200]);
    expect(shop.countRenders()).toBe(2);
    expect(await get(shop.port, '/produto/x')).toBe(200);
    expect(shop.countRenders()).toBe(2);
  });
});
