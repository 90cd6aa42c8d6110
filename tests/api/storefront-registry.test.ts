import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARMAZEM_ID, FILIAL_ID } from '#lib/contract/cart.ts';
import { formatPrice } from '#lib/money.ts';
import { api, getTestDb, type Host, getRunStack } from '../support/api.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';

/**
 * Issue 30 point 1 and issue 35 points 4 and 7 (decision 1220): storefronts come from one
 * registry. A test-only Argentine storefront, served only when TEST_STOREFRONTS names it, serves
 * the home, a listing, a product, the cart and the sitemap from its registry entry alone; every
 * visitor's pages lead with one primary currency; each host has its own web manifest.
 */

let withArgentina: ShopProcess;

beforeAll(async () => {
  withArgentina = await startShopProcess(getRunStack().databaseUrl, { DATA_DIR: getRunStack().dataDir, TEST_STOREFRONTS: 'ar' });
}, 120_000);

afterAll(async () => {
  await withArgentina?.stop();
});

/** A visitor: a storefront host, on the run's shop or the one serving the Argentine storefront, maybe with a language cookie. */
interface Visitor {
  host: Host;
  port?: number;
  lang?: string;
}

async function getPage(path: string, visitor: Visitor, cookie = ''): Promise<string> {
  const cookies = [visitor.lang ? `fronteira_lang=${visitor.lang}` : '', cookie].filter(Boolean).join('; ');
  const response = await api(path, { host: visitor.host, port: visitor.port, headers: cookies ? { cookie: cookies } : {} });
  expect(response.status, `${visitor.host} ${path}`).toBe(200);
  return response.text();
}

/** The currency symbols of the product cards' prices, in page order. */
function getCardSymbols(html: string): string[] {
  return [...html.matchAll(/data-testid="card-price"[^>]*>\s*([A-Z]\$)/g)].map((match) => match[1]!);
}

async function getShownProduct(): Promise<{ slug: string; id: number; priceMinor: number }> {
  const { rows } = await getTestDb().query<{ slug: string; id: number; priceMinor: number }>(
    `SELECT slug, id, price_minor::int AS "priceMinor" FROM products WHERE active AND show_price AND stock > 10 AND currency_id = 2 ORDER BY id LIMIT 1`,
  );
  return rows[0]!;
}

/** A cart of one product made through the cart API on the visitor's host, in the currency the page asked for. */
async function createCartCookie(visitor: Visitor, productId: number, currencyId: number): Promise<string> {
  const externalId = randomBytes(18).toString('base64url');
  const response = await api('/ecom/venda/carrinho', {
    method: 'POST',
    host: visitor.host,
    port: visitor.port,
    json: {
      external_id: externalId,
      filial_id: FILIAL_ID,
      moeda_id: currencyId,
      itens: [{ produto_id: productId, qtde: 1, armazem_id: ARMAZEM_ID, ativo: true }],
    },
  });
  expect(response.status).toBeLessThan(300);
  return `fronteira_cart=${externalId}`;
}

/** The amounts of the first list of other currencies in the page ('R$ 485,46'), in order. */
function getOtherCurrencies(html: string): string[] {
  const list = /data-testid="other-currencies"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li data-currency="\d"[^>]*>\s*([^<]+?)\s*<\/li>/g)].map((match) => match[1]!);
}

const argentine = (): Visitor => ({ host: 'ar', port: withArgentina.port });

describe('one primary currency per visitor on every page kind (decision 1220)', () => {
  const visitors: Array<[string, () => Visitor, string, string[], number]> = [
    // name, visitor, primary symbol, the others in the decision's order, the cart currency id
    ['pt-BR on the Brazilian host', () => ({ host: 'br' }), 'U$', ['R$', 'G$', 'P$'], 2],
    ['es-PY on the Spanish host', () => ({ host: 'es' }), 'G$', ['U$', 'R$', 'P$'], 3],
    ['es-AR on the Spanish host', () => ({ host: 'es', lang: 'es-AR' }), 'U$', ['P$', 'R$', 'G$'], 2],
    ['es-AR on the Argentine host', argentine, 'U$', ['P$', 'R$', 'G$'], 2],
  ];
  it.each(visitors)(
    '%s: home, listing, product and cart lead with the same currency, the others in order',
    async (_name, toVisitor, primary, secondary, cartCurrency) => {
      const beside = secondary[0];
      const visitor = toVisitor();
      const product = await getShownProduct();
      const home = getCardSymbols(await getPage('/', visitor));
      const listing = getCardSymbols(await getPage('/produtos/ferramentas-eletricas', visitor));
      expect(home.length).toBeGreaterThan(0);
      expect(listing.length).toBeGreaterThan(0);
      expect(new Set([...home, ...listing])).toEqual(new Set([primary]));

      const page = await getPage(`/produto/${product.slug}`, visitor);
      expect(/data-testid="product-price"[^>]*>\s*([A-Z]\$)/.exec(page)?.[1]).toBe(primary);
      const others = [...page.matchAll(/<li data-currency="\d"[^>]*>\s*([A-Z]\$)/g)].map((match) => match[1]);
      expect(others[0]).toBe(beside);
      expect(others).not.toContain(primary);

      const cart = await getPage('/carrinho', visitor, await createCartCookie(visitor, product.id, cartCurrency));
      expect(/data-testid="cart-total"[^>]*>\s*([A-Z]\$)/.exec(cart)?.[1]).toBe(primary);
      // The cart's total is followed by the same others as the product page, in the same order,
      // the U$ one being the product's own price (one unit in the cart).
      const cartOthers = getOtherCurrencies(cart.slice(cart.indexOf('data-testid="cart-total"')));
      expect(cartOthers.map((price) => price.slice(0, 2))).toEqual(secondary);
      if (primary !== 'U$') expect(cartOthers).toContain(formatPrice(product.priceMinor, 2));
    },
  );
});

describe('the test-only Argentine storefront (issue 30 point 1)', () => {
  it('serves its pages in es-AR with its own origin, and only where TEST_STOREFRONTS names it', async () => {
    const home = await getPage('/', argentine());
    expect(home).toMatch(/<html lang="es-AR"/);
    const origin = `http://ar.localhost:${withArgentina.port}`;
    expect(home).toContain(`<link rel="canonical" href="${origin}/"`);
    expect(home).toContain(`hreflang="es-AR" href="${origin}/"`);

    const sitemap = await getPage('/sitemap.xml', argentine());
    const product = await getShownProduct();
    expect(sitemap).toContain(`<loc>${origin}/produto/${product.slug}</loc>`);
    expect(sitemap).toContain(`hreflang="es-AR" href="${origin}/produto/${product.slug}"`);
    expect(sitemap).toContain(`hreflang="pt-BR" href="http://br.localhost:${withArgentina.port}/produto/${product.slug}"`);

    // The run's shop does not serve it: an unknown host is refused, and no alternate points there.
    expect((await api('/', { host: 'ar' })).status).toBe(421);
    expect(await getPage('/sitemap.xml', { host: 'es' })).not.toContain('ar.localhost');
  });
});

describe('one web manifest per storefront (issue 35 point 7)', () => {
  it.each<[string, () => Visitor, string, string]>([
    ['br', () => ({ host: 'br' }), 'Fronteira Ferramentas', 'pt-BR'],
    ['es', () => ({ host: 'es' }), 'Fronteira Herramientas', 'es-PY'],
    ['ar', argentine, 'Fronteira Herramientas', 'es-AR'],
  ])('the %s host names the app in its own language', async (_id, toVisitor, name, lang) => {
    const visitor = toVisitor();
    const response = await api('/manifest.webmanifest', { host: visitor.host, port: visitor.port });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    expect(response.headers.get('vary')).toContain('Host');
    const manifest = (await response.json()) as { name: string; lang: string; start_url: string; icons: unknown[] };
    expect(manifest).toMatchObject({ name, lang, start_url: '/' });
    expect(manifest.icons.length).toBeGreaterThan(0);
  });
});
