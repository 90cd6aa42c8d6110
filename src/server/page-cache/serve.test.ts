import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache } from './serve.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A shop whose every page waits for `release()` before it is written. */
function startSlowShop(rendersPerClient = { perSecond: 1000, burst: 1000 }) {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let rendered = false;
  let renders = 0;
  let requests = 0;
  let markStarted = (): void => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const renderedUrls: string[] = [];
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    renderedUrls.push(req.url ?? '');
    markStarted();
    await released;
    rendered = true;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'surrogate-key': 'all product:1' }).end('<p>page</p>');
  };
  const cache = createPageCache(handler as never, {
    maxBytes: 1_000_000,
    freshMs: 60_000,
    staleMs: 1000,
    exposeStatus: true,
    rendersPerClient,
  });
  const server = createServer((req, res) => {
    requests += 1;
    if (cache.serve(req, res, () => res.writeHead(500).end())) return;
    cache.renderWithinBudget(req, res, () => res.writeHead(404).end());
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
    renderedUrls: string[];
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
        renderedUrls,
      }),
    ),
  );
}

/** A GET from `from` (any 127.x.y.z address is this machine: one client each). */
function get(port: number, path: string, host = 'br.localhost', from = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', localAddress: from, path, headers: { host } }, (res) => {
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

describe('page cache keys: only what a page kind reads', () => {
  it('a parameter the page ignores makes no new render; a listing query is one page whatever its order or repeats', async () => {
    const shop = await startSlowShop();
    shop.release();
    for (const path of ['/produto/x', '/produto/x?utm_source=a', '/produto/x?x=1&y=2', '/?ref=1'])
      expect(await get(shop.port, path)).toBe(200);
    for (const path of [
      '/produtos?page=2&text=drill&x=1',
      '/produtos?text=drill&page=2&page=2',
      '/produtos?text=%20drill%20&page=2&sort=bogus',
    ]) {
      expect(await get(shop.port, path)).toBe(200);
    }
    expect(shop.renderedUrls).toEqual(['/produto/x', '/', '/produtos?text=drill&page=2']);
  });
});

describe('page cache: renders per client address', () => {
  it('a client past its burst gets 429 while another client still renders, and its hits still come', async () => {
    const shop = await startSlowShop({ perSecond: 0.001, burst: 3 });
    shop.release();
    const flooder = await Promise.all([1, 2, 3, 4, 5].map((n) => get(shop.port, `/produtos?text=n${n}`, 'br.localhost', '127.0.0.3')));
    expect(flooder.sort()).toEqual([200, 200, 200, 429, 429]);
    expect(await get(shop.port, '/produtos?text=other', 'br.localhost', '127.0.0.4')).toBe(200);
    expect(await get(shop.port, '/produtos?text=other', 'br.localhost', '127.0.0.3')).toBe(200); // a hit costs no render
    expect(shop.countRenders()).toBe(4);
    expect(await get(shop.port, '/sobre-nos?x=1', 'br.localhost', '127.0.0.3')).toBe(429); // a page the cache does not keep
    expect(await get(shop.port, '/api/public/start', 'br.localhost', '127.0.0.3')).toBe(404); // the API is not a page
    expect(await get(shop.port, '/sobre-nos?x=1', 'br.localhost', '127.0.0.4')).toBe(404);
  });
});

describe('page cache: one render at a time per client address', () => {
  it("a client's second miss waits for its first while another client's renders at once", async () => {
    const shop = await startSlowShop();
    const first = get(shop.port, '/produto/a', 'br.localhost', '127.0.0.5');
    const second = get(shop.port, '/produto/b', 'br.localhost', '127.0.0.5');
    while (shop.countRequests() < 2) await new Promise((resolve) => setImmediate(resolve));
    const other = get(shop.port, '/produto/c', 'br.localhost', '127.0.0.6');
    while (shop.countRenders() < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(shop.renderedUrls).toEqual(['/produto/a', '/produto/c']);
    shop.release();
    expect(await Promise.all([first, second, other])).toEqual([200, 200, 200]);
    expect(shop.renderedUrls).toEqual(['/produto/a', '/produto/c', '/produto/b']);
  });
});
