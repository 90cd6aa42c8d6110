import { expect, test, type Page } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { startProxiedShop, type ProxiedShop } from './support/proxied-shop.ts';

/**
 * Storefront spec sections 4 and 8 on server-rendered pages: while the database is unreachable
 * a page answers 503 with a retry button and retries by itself (2 s, 4 s, 6 s). What the server
 * answers (statuses, headers, texts in both languages, a signed-in shopper, the 404) is checked
 * over plain HTTP in tests/api/load-errors.test.ts; here only what a browser does with it.
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
  br: { retry: 'Tentar novamente', product: 'Erro ao carregar o produto.' },
  es: { retry: 'Intentar de nuevo' },
} as const;

async function expectRetryPage(page: Page, url: string, heading: string, retry: string, status = 503): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(status);
  expect(response?.headers()['cache-control']).toBe('no-store');
  if (status === 503) expect(response?.headers()['retry-after']).toBe('10');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const { pathname, search } = new URL(url);
  await expect(page.getByRole('link', { name: retry })).toHaveAttribute('href', pathname + search);
}

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
