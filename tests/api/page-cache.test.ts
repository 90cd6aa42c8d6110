import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '#server/accounts/service.ts';
import { announceCatalogueChange, startCatalogueRelay, type CatalogueRelay } from '#server/catalogue-changes/index.ts';
import { systemClock } from '#server/clock.ts';
import { api } from '../support/api.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { createTestPool } from '../support/test-pool.ts';

/**
 * Issue 21 point 1: the rendered-page cache. A shop process of its own on its own database (other
 * tests' catalogue edits would drop its pages at random), with a fresh time far longer than the
 * test: a page changes only because a change was announced, never because time ran out.
 */

let shop: ShopProcess;
let dataDir = '';
let db: pg.Pool;
let databaseUrl = '';
let relay: CatalogueRelay | undefined;
const CHANGE_WAIT_MS = 5000;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-page-cache-'));
  await chmod(dataDir, 0o755);
  shop = await startShopProcess(null, {
    DATA_DIR: dataDir,
    PAGE_CACHE: 'on',
    PAGE_CACHE_STATUS_HEADER: 'on',
    PAGE_CACHE_FRESH_S: '3600',
    PAGE_CACHE_STALE_S: '0',
  });
  const lines = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  databaseUrl = `postgres://postgres:fronteira-local@localhost:${lines[3]}/postgres?host=${encodeURIComponent(lines[4] ?? '/tmp')}`;
  db = createTestPool({ connectionString: databaseUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  await relay?.stop();
  await db?.end();
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function page(pathname: string, options: { host?: 'br' | 'es'; headers?: Record<string, string> } = {}) {
  const response = await api(pathname, {
    port: shop.port,
    host: options.host ?? 'br',
    headers: { 'accept-encoding': 'identity', ...options.headers },
  });
  return { status: response.status, cache: response.headers.get('x-cache'), headers: response.headers, html: await response.text() };
}

/** Runs `sql` with the tables' triggers off (as a bulk load may): no NOTIFY comes of it. */
async function writeSilently<T extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<T[]> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    const { rows } = await client.query<T>(sql, values);
    await client.query('COMMIT');
    return rows;
  } finally {
    client.release();
  }
}

/** A product of its own, made silently: the shop hears of no change it did not expect. */
async function createProduct(priceMinor: number): Promise<{ id: number; slug: string }> {
  const tag = randomUUID().slice(0, 8);
  const rows = await writeSilently<{ id: number; slug: string }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id, images)
     VALUES ($1, $2, $3, $3, $4, 2, 7, (SELECT min(id) FROM brands), (SELECT min(id) FROM categories), '[{"url":"/favicon.svg"}]')
     RETURNING id, slug`,
    [`PC-${tag}`, `cache-teste-${tag}`, `Cache teste ${tag}`, priceMinor],
  );
  return rows[0]!;
}

async function setPriceSilently(id: number, priceMinor: number): Promise<void> {
  await writeSilently('UPDATE products SET price_minor = $2 WHERE id = $1', [id, priceMinor]);
}

/** Reads the page until `expected` shows (the change travels by NOTIFY), or fails after CHANGE_WAIT_MS. */
async function waitForPageText(pathname: string, expected: string): Promise<Awaited<ReturnType<typeof page>>> {
  const deadline = Date.now() + CHANGE_WAIT_MS;
  for (;;) {
    const answer = await page(pathname);
    if (answer.html.includes(expected) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the page cache', () => {
  it('serves the second anonymous request for a product page from memory, the same page', async () => {
    const product = await createProduct(12_345);
    const first = await page(`/produto/${product.slug}`);
    const second = await page(`/produto/${product.slug}`);
    expect([first.status, first.cache]).toEqual([200, 'miss']);
    expect([second.status, second.cache]).toEqual([200, 'hit']);
    expect(second.html).toBe(first.html);
    expect(second.html).toContain('U$ 123,45');
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=3600, stale-while-revalidate=0$/);
    expect(second.headers.get('surrogate-key')?.split(' ')).toContain(`product:${product.id}`);
    expect(second.headers.get('cache-tag')?.split(',')).toContain(`product:${product.id}`);
  });

  it('shows a new price at once after a plain SQL edit (trigger), a manual NOTIFY, or another process announcing it', async () => {
    const product = await createProduct(10_000);
    const address = `/produto/${product.slug}`;
    await page(address);
    expect((await page(address)).cache).toBe('hit');

    // Plain SQL: the products trigger notifies by itself (a checkout's stock change is the same UPDATE).
    await db.query('UPDATE products SET price_minor = 20000, stock = 0 WHERE id = $1', [product.id]);
    const edited = await waitForPageText(address, 'U$ 200,00');
    expect(edited.html).toContain('U$ 200,00');
    expect(edited.html).toContain('Esgotado');

    // An edit the triggers do not see stays hidden until someone says so...
    await setPriceSilently(product.id, 30_000);
    expect((await page(address)).html).toContain('U$ 200,00');
    // ...by hand, as the README tells whoever edits with triggers off:
    await db.query(`NOTIFY catalogue_changed, 'product:${product.id}'`);
    expect((await waitForPageText(address, 'U$ 300,00')).html).toContain('U$ 300,00');

    // ...or by another shop process whose service announced it (its relay publishes the NOTIFY).
    await setPriceSilently(product.id, 40_000);
    relay ??= startCatalogueRelay(databaseUrl, { publishWith: db });
    announceCatalogueChange([`product:${product.id}`]);
    expect((await waitForPageText(address, 'U$ 400,00')).html).toContain('U$ 400,00');
  });

  it('shows a price set through a service (the ERP price API) on the next request', async () => {
    const product = await createProduct(15_000);
    const address = `/produto/${product.slug}`;
    await page(address);
    expect((await page(address)).cache).toBe('hit');
    const secret = `frt_${randomBytes(32).toString('base64url')}`;
    await db.query("INSERT INTO api_keys (name, prefix, key_hash, scopes) VALUES ($1, $2, $3, '{prices}')", [
      `page cache ${randomUUID().slice(0, 8)}`,
      secret.slice(0, 12),
      createHash('sha256').update(secret).digest(),
    ]);
    const code = (await db.query<{ code: string }>('SELECT code FROM products WHERE id = $1', [product.id])).rows[0]!.code;
    const answer = await api('/api/painel/v1/precos', {
      port: shop.port,
      method: 'POST',
      token: secret,
      json: { itens: [{ codigo: code, preco: 250.5 }] },
    });
    expect(answer.status).toBe(200);
    const shown = await waitForPageText(address, 'U$ 250,50');
    expect(shown.html).toContain('U$ 250,50');
    expect(shown.html).not.toContain('U$ 150,00');
  });

  it("never keeps or serves a signed-in shopper's page", async () => {
    const product = await createProduct(5_000);
    const address = `/produto/${product.slug}`;
    const anonymous = await page(address);
    expect(anonymous.html).not.toContain('Cachê');
    const customer = (
      await db.query<{ id: number }>(
        `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer) VALUES ($1, 'x', 'Cachê', 'Pessoal', 1) RETURNING id`,
        [`cache-${randomUUID()}@example.test`],
      )
    ).rows[0]!;
    const { token } = await createSessionService({ db, clock: systemClock }).createSession(customer.id);
    for (let i = 0; i < 2; i++) {
      const signedIn = await page(address, { headers: { cookie: `fronteira_session=${token}` } });
      expect(signedIn.cache).toBeNull();
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
      expect(signedIn.headers.get('surrogate-key')).toBeNull();
      expect(signedIn.html).toContain('Cachê');
    }
    const bearer = await page(address, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.cache).toBeNull();
    const after = await page(address);
    expect(after.cache).toBe('hit');
    expect(after.html).not.toContain('Cachê');
  });

  it('never mixes hosts or device classes', async () => {
    const category = (
      await db.query<{ slug: string }>(
        'SELECT c.slug FROM categories c JOIN products p ON p.category_id = c.id WHERE NOT c.special GROUP BY c.slug HAVING count(*) >= 40 LIMIT 1',
      )
    ).rows[0]!;
    const address = `/produtos/${category.slug}`;
    const cards = (html: string) => html.match(/<article class="product-card/g)?.length ?? 0;
    const variants: { host: 'br' | 'es'; headers: Record<string, string>; cards: number; lang: string }[] = [
      { host: 'br', headers: { 'sec-ch-ua-mobile': '?1' }, cards: 12, lang: 'pt-BR' },
      { host: 'br', headers: { 'sec-ch-ua-mobile': '?0' }, cards: 20, lang: 'pt-BR' },
      { host: 'es', headers: { 'x-device-class': 'mobile' }, cards: 12, lang: 'es-PY' },
      { host: 'es', headers: {}, cards: 20, lang: 'es-PY' },
    ];
    for (const round of ['miss', 'hit']) {
      for (const variant of variants) {
        const answer = await page(address, variant);
        expect([answer.cache, cards(answer.html)], `${variant.host} ${JSON.stringify(variant.headers)}`).toEqual([round, variant.cards]);
        expect(answer.html).toContain(`<html lang="${variant.lang}"`);
        expect(answer.headers.get('vary')).toMatch(/^X-Device-Class, Sec-CH-UA-Mobile, Host, Accept-Encoding$/);
      }
    }
  });

  it('answers 304 to a matching If-None-Match, and its three encodings are one page', async () => {
    const product = await createProduct(7_700);
    const address = `/produto/${product.slug}`;
    const identity = await api(address, { port: shop.port, headers: { 'accept-encoding': 'identity' } });
    const brotli = await api(address, { port: shop.port, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await api(address, { port: shop.port, headers: { 'accept-encoding': 'gzip' } });
    expect([
      identity.headers.get('content-encoding'),
      brotli.headers.get('content-encoding'),
      gzip.headers.get('content-encoding'),
    ]).toEqual([null, 'br', 'gzip']);
    const html = await identity.text();
    expect(html).toContain('U$ 77,00');
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(html);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);

    const etag = brotli.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await api(address, { port: shop.port, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    const otherEtag = await api(address, { port: shop.port, headers: { 'accept-encoding': 'br', 'if-none-match': '"something-else"' } });
    expect(otherEtag.status).toBe(200);

    // After a change the old ETag no longer matches: the browser gets the new page.
    await db.query('UPDATE products SET price_minor = 8800 WHERE id = $1', [product.id]);
    await waitForPageText(address, 'U$ 88,00');
    const changed = await api(address, { port: shop.port, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(changed.status).toBe(200);
  });
});
