import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { hashSessionToken } from '#server/accounts/service.ts';
import { createE2eCustomer } from './support/accounts.ts';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { getTestDb } from './support/hosts.ts';
import { startProxiedShop, type ProxiedShop } from './support/proxied-shop.ts';

/**
 * Storefront spec sections 4 and 8 on server-rendered pages: while the database is unreachable
 * a page answers 503 in the shopper's language with a retry button and retries by itself
 * (2 s, 4 s, 6 s); an unknown product is still a plain 404.
 */
test.describe.configure({ mode: 'serial' });

let fx: CatalogFixture;
let shop: ProxiedShop;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 3, outOfStock: 0 });
  shop = await startProxiedShop();
});
test.afterAll(async () => {
  await shop?.stop();
});
test.afterEach(async () => {
  shop.database.restore();
  await shop.expectRunning(); // a shop that died says how, not only ERR_CONNECTION_REFUSED
});

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

/** The page's clock stands still, so no automatic reload interrupts a test visiting many pages. */
async function holdAutomaticRetries(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

async function expectRetryPage(page: Page, url: string, heading: string, retry: string, status = 503): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(status);
  expect(response?.headers()['cache-control']).toBe('no-store');
  if (status === 503) expect(response?.headers()['retry-after']).toBe('10');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const { pathname, search } = new URL(url);
  await expect(page.getByRole('link', { name: retry })).toHaveAttribute('href', pathname + search);
}

for (const host of ['br', 'es'] as const) {
  test(`${host}: without the database, pages answer 503 with a retry button in the shopper's language`, async ({ page }) => {
    const t = TEXTS[host];
    await holdAutomaticRetries(page);
    shop.database.cut();
    await expectRetryPage(page, shop.url(host, `/produtos/${fx.categorySlug}?sort=nome:asc`), t.products, t.retry);
    await expectRetryPage(page, shop.url(host, `/especial`), t.products, t.retry);
    await expectRetryPage(page, shop.url(host, `/produto/${fx.products[0]!.slug}`), t.product, t.retry);
    await expectRetryPage(page, shop.url(host, `/marca/${fx.brandSlug}`), t.brand, t.retry);
    await expectRetryPage(page, shop.url(host, '/marcas'), t.unavailable, t.retry);
    const home = await page.goto(shop.url(host, '/'));
    expect(home?.status()).toBe(503);
    await expect(page.getByRole('alert')).toContainText(t.home);
    expect(home?.headers()['retry-after']).toBe('10');
    await expect(page.getByRole('link', { name: t.retry })).toHaveAttribute('href', '/');
    const sellers = await page.goto(shop.url(host, '/vendedores'));
    expect(sellers?.status()).toBe(503);
    await expect(page.getByText(t.sellersEmpty)).toBeVisible();
    // The contract's endpoints answer JSON, not the page.
    const api = await page.evaluate(async () => {
      const response = await fetch('/api/public/brands');
      return { status: response.status, body: await response.json() };
    });
    expect(api).toEqual({ status: 503, body: { message: t.unavailable } });
  });
}

test('a signed-in shopper gets the same 503 retry page and is still signed in once the database is back', async ({ page, context }) => {
  const customer = await createE2eCustomer(1);
  const token = randomBytes(32).toString('base64url');
  await getTestDb().query(
    `INSERT INTO sessions (token_hash, customer_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`,
    [hashSessionToken(token), customer.id],
  );
  await context.addCookies([{ name: 'fronteira_session', value: token, url: shop.url('br', '/') }]);
  await holdAutomaticRetries(page);
  shop.database.cut();
  // The session lookup itself fails before any page runs: the visitor's error page, with the address asked for.
  await expectRetryPage(page, shop.url('br', `/produtos/${fx.categorySlug}?sort=nome:asc`), TEXTS.br.unavailable, TEXTS.br.retry);
  await expectRetryPage(page, shop.url('br', '/perfil'), TEXTS.br.unavailable, TEXTS.br.retry);
  // An API client with that session is told to retry (503), not that it is signed out (401).
  const api = await page.evaluate(async () => {
    const response = await fetch('/ecom/me', { method: 'POST' });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  });
  expect(api).toEqual({ status: 503, retryAfter: '10', body: { message: TEXTS.br.unavailable } });

  shop.database.restore();
  // Not signed out by the outage: the cookie stayed and the profile opens.
  expect((await context.cookies()).find((cookie) => cookie.name === 'fronteira_session')?.value).toBe(token);
  const profile = await page.goto(shop.url('br', '/perfil'));
  expect(profile?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/perfil');
});

test('an unknown product is a 404 without a retry button, with the database up', { tag: '@phone' }, async ({ page }) => {
  const response = await page.goto(shop.url('br', '/produto/nao-existe-produto-xyz'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Produto não encontrado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver todos os produtos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tentar novamente' })).toHaveCount(0);
});

test('the product page retries by itself and shows the product once the database is back', { tag: '@phone' }, async ({ page }) => {
  shop.database.cut();
  await expectRetryPage(page, shop.url('br', `/produto/${fx.products[0]!.slug}`), TEXTS.br.product, TEXTS.br.retry);
  shop.database.restore();
  // The first automatic retry comes 2 s after the failure.
  await expect(page.getByRole('heading', { level: 1, name: fx.products[0]!.namePt })).toBeVisible({ timeout: 6_000 });
});

test('after 3 automatic retries (2 s, 4 s, 6 s) the page waits; the retry button starts over', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(60_000);
  const loads: number[] = [];
  const url = shop.url('es', `/produto/${fx.products[1]!.slug}`);
  // When the browser started each request (its clock): the test process's own clock when the
  // event reaches it lags by as much as the machine is busy, and once made a 4 s wait read 3.935 s.
  page.on('response', (response) => {
    if (response.url() === url) loads.push(response.request().timing().startTime);
  });
  shop.database.cut();
  await page.goto(url);
  await expect.poll(() => loads.length, { timeout: 20_000 }).toBe(4);
  const gaps = loads.slice(1).map((at, index) => at - loads[index]!);
  expect(gaps[0]).toBeGreaterThanOrEqual(2000);
  expect(gaps[1]).toBeGreaterThanOrEqual(4000);
  expect(gaps[2]).toBeGreaterThanOrEqual(6000);
  await page.waitForTimeout(3_000);
  expect(loads).toHaveLength(4);
  await page.getByRole('link', { name: TEXTS.es.retry }).click();
  await expect.poll(() => loads.length).toBe(5);
  // The count started over: the next automatic retry comes 2 s later, not never.
  await expect.poll(() => loads.length, { timeout: 5_000 }).toBe(6);
});
