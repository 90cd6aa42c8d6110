import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '#server/accounts/service.ts';
import { startCuttableProxy, type CuttableProxy } from '../support/db-proxy.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { api, getRunStack, getTestDb, type Host } from '../support/api.ts';

/**
 * Storefront spec sections 4 and 8, as the server answers them: while the database is
 * unreachable a server-rendered page answers 503 (no-store, Retry-After: 10) in the shopper's
 * language with a retry link to the same address, a signed-in shopper is not signed out, and
 * an unknown product is a plain 404. What only a browser shows (the page retrying by itself,
 * the retry button starting over) stays in tests/e2e/load-errors.spec.ts (decision 1360).
 */

const TEXTS = {
  br: {
    retry: 'Tentar novamente',
    products: 'Erro ao carregar produtos. Tente novamente.',
    product: 'Erro ao carregar o produto.',
    brand: 'Erro ao carregar marca',
    home: 'Erro ao carregar dados',
    unavailable: 'Serviço indisponível, tente novamente mais tarde!',
    sellersEmpty: 'Nossa equipe estará disponível em breve.',
  },
  es: {
    retry: 'Intentar de nuevo',
    products: 'Error al cargar productos. Inténtalo de nuevo.',
    product: 'Error al cargar el producto.',
    brand: 'Error al cargar la marca',
    home: 'Error al cargar datos',
    unavailable: '¡Servicio no disponible, inténtalo más tarde!',
    sellersEmpty: 'Nuestro equipo estará disponible pronto.',
  },
} as const;

let proxy: CuttableProxy;
let shop: ShopProcess;
let dataDir = '';
/** Addresses of the run's catalogue (its seed): a category, a product and a brand. */
let catalogue: { category: string; product: string; brand: string };

beforeAll(async () => {
  const { rows } = await getTestDb().query<{ category: string; product: string; brand: string }>(
    `SELECT c.slug AS category, p.slug AS product, b.slug AS brand
       FROM products p JOIN categories c ON c.id = p.category_id JOIN brands b ON b.id = p.brand_id
      WHERE p.in_stock ORDER BY p.id LIMIT 1`,
  );
  catalogue = rows[0]!;
  proxy = await startCuttableProxy(getRunStack().databaseUrl);
  dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-load-errors-'));
  shop = await startShopProcess(proxy.databaseUrl, { DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  proxy?.restore();
  await shop?.stop();
  await proxy?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => proxy.restore());

function strip(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's first-level heading, as text. */
const getHeading = (html: string) => strip(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');

/** The addresses of the page's links whose text is `name`. */
function getLinkHrefs(html: string, name: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter((match) => strip(match[2] ?? '') === name)
    .map((match) => (/href="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '').replace(/&amp;/g, '&'));
}

async function getPage(host: Host, address: string, token?: string) {
  const response = await api(address, {
    host,
    port: shop.port,
    headers: { accept: 'text/html', ...(token ? { cookie: `fronteira_session=${token}` } : {}) },
  });
  return { response, html: await response.text() };
}

/** A 503 page nobody caches, asking to come back in 10 s, with `heading` and a retry link to the same address. */
async function expectRetryPage(host: Host, address: string, heading: string, token?: string): Promise<Response> {
  const { response, html } = await getPage(host, address, token);
  expect(response.status, address).toBe(503);
  expect(response.headers.get('cache-control'), address).toBe('no-store');
  expect(response.headers.get('retry-after'), address).toBe('10');
  expect(getHeading(html), address).toBe(heading);
  expect(getLinkHrefs(html, TEXTS[host as 'br' | 'es'].retry), address).toEqual([address]);
  return response;
}

describe('pages while the database is unreachable', () => {
  for (const host of ['br', 'es'] as const) {
    it(`${host}: answer 503 with a retry link in the shopper's language; the API answers JSON`, async () => {
      const t = TEXTS[host];
      proxy.cut();
      await expectRetryPage(host, `/produtos/${catalogue.category}?sort=nome:asc`, t.products);
      await expectRetryPage(host, '/especial', t.products);
      await expectRetryPage(host, `/produto/${catalogue.product}`, t.product);
      await expectRetryPage(host, `/marca/${catalogue.brand}`, t.brand);
      await expectRetryPage(host, '/marcas', t.unavailable);

      const home = await getPage(host, '/');
      expect(home.response.status).toBe(503);
      expect(home.response.headers.get('retry-after')).toBe('10');
      expect(/<[^>]+role="alert"[^>]*>([\s\S]*?)<\/(?:div|p|section)>/.exec(home.html)?.[1]).toContain(t.home);
      expect(getLinkHrefs(home.html, t.retry)).toEqual(['/']);

      const sellers = await getPage(host, '/vendedores');
      expect(sellers.response.status).toBe(503);
      expect(strip(sellers.html)).toContain(t.sellersEmpty);

      // The contract's endpoints answer JSON, not the page.
      const brands = await api('/api/public/brands', { host, port: shop.port });
      expect({ status: brands.status, body: await brands.json() }).toEqual({ status: 503, body: { message: t.unavailable } });
    });
  }

  it('a signed-in shopper gets the visitor retry page, an API client 503 (not 401), and stays signed in', async () => {
    const { rows } = await getTestDb().query<{ id: string }>(
      `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, document_type, document)
       VALUES ($1, 'x', 'Ana', 'Teste', 1, 'CPF', '') RETURNING id`,
      [`load-errors-${randomBytes(6).toString('hex')}@example.test`],
    );
    const token = randomBytes(32).toString('base64url');
    await getTestDb().query(
      `INSERT INTO sessions (token_hash, customer_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`,
      [hashSessionToken(token), rows[0]!.id],
    );
    proxy.cut();
    // The session lookup itself fails before any page runs: the visitor's error page, with the address asked for.
    const listing = await expectRetryPage('br', `/produtos/${catalogue.category}?sort=nome:asc`, TEXTS.br.unavailable, token);
    const profile = await expectRetryPage('br', '/perfil', TEXTS.br.unavailable, token);
    // As the page's own fetch sends it: same origin, with the cookie.
    const me = await api('/ecom/me', {
      method: 'POST',
      host: 'br',
      port: shop.port,
      headers: { origin: `http://br.localhost:${shop.port}`, cookie: `fronteira_session=${token}` },
    });
    expect({ status: me.status, retryAfter: me.headers.get('retry-after'), body: await me.json() }).toEqual({
      status: 503,
      retryAfter: '10',
      body: { message: TEXTS.br.unavailable },
    });
    // No answer touched the session cookie.
    for (const answer of [listing, profile, me]) expect(answer.headers.get('set-cookie') ?? '').not.toContain('fronteira_session');

    proxy.restore();
    // Not signed out by the outage: the same cookie opens the profile.
    const back = await getPage('br', '/perfil', token);
    expect(back.response.status).toBe(200);
  });
});

it('an unknown product is a 404 without a retry link, with the database up', async () => {
  const { response, html } = await getPage('br', '/produto/nao-existe-produto-xyz');
  expect(response.status).toBe(404);
  expect(getHeading(html)).toBe('Produto não encontrado');
  expect(getLinkHrefs(html, 'Ver todos os produtos')).toHaveLength(1);
  expect(getLinkHrefs(html, TEXTS.br.retry)).toEqual([]);
});
