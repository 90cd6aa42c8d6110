import { expect, test, type Page } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { storefrontUrl } from './support/hosts.ts';

let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 45, outOfStock: 0 });
});

for (const host of ['br', 'es'] as const) {
  test(`${host}: desktop pages of 20 by number, phones pages of 12 appended with load-more`, async ({ page, isMobile }) => {
    await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}?sort=valor_venda:asc`));
    const cards = page.locator('[data-product-grid] .product-card');
    if (isMobile) {
      await expect(cards).toHaveCount(12);
      await expect(page.getByText('Página 1 de 4')).toBeVisible();
      const more = page.getByRole('link', { name: host === 'br' ? 'Carregar mais' : 'Cargar más' });
      await more.click();
      await expect(cards).toHaveCount(24);
      await expect(page.getByText('Página 2 de 4')).toBeVisible();
      await expect(page).toHaveURL(/sort=valor_venda/); // appended, not navigated
      await expect(cards.nth(12)).toContainText(fx.products[12]!.code);
      await more.click();
      await expect(cards).toHaveCount(36);
      await more.click();
      await expect(cards).toHaveCount(45);
      await expect(page.getByText('Página 4 de 4')).toBeVisible();
      await expect(more).toHaveCount(0);
      // Appended cards continue the order: the cheapest first, the most expensive last.
      await expect(cards.last()).toContainText(fx.products[44]!.code);
    } else {
      await expect(cards).toHaveCount(20);
      const nav = page.getByRole('navigation', { name: host === 'br' ? 'Paginação' : 'Paginación' });
      await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
      await nav
        .getByRole('link', { name: '3', exact: true })
        .or(nav.getByRole('link', { name: /3$/ }))
        .first()
        .click();
      await expect(page).toHaveURL(/page=3/);
      await expect(page).toHaveURL(/sort=valor_venda%3Aasc|sort=valor_venda:asc/);
      await expect(cards).toHaveCount(5);
      await expect(cards.first()).toContainText(fx.products[40]!.code);
      await page.getByRole('link', { name: host === 'br' ? 'Anterior' : 'Anterior' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(cards.first()).toContainText(fx.products[20]!.code);
    }
  });
}

test('the page size follows the device the server is told about, and caches key on it', async ({ page, isMobile }) => {
  const response = await page.goto(storefrontUrl('br', `/produtos/${fx.categorySlug}`));
  expect(response?.headers().vary).toMatch(/X-Device-Class, Sec-CH-UA-Mobile/);
  await expect(page.locator('[data-product-grid] .product-card')).toHaveCount(isMobile ? 12 : 20);
  await expect(page.getByTestId('result-count')).toHaveText('45 produtos encontrados');
  // A page number means the same products on the server's page size, with or without JS.
  await page.goto(storefrontUrl('br', `/produtos/${fx.categorySlug}?sort=valor_venda:asc&page=2`));
  await expect(page.locator('[data-product-grid] .product-card').first()).toContainText(fx.products[isMobile ? 12 : 20]!.code);
  // Brand pages too: the brand has 44 of the 45 products.
  const brand = await page.goto(storefrontUrl('br', `/marca/${fx.brandSlug}`));
  expect(brand?.headers().vary).toMatch(/X-Device-Class, Sec-CH-UA-Mobile/);
  await expect(page.locator('[data-product-grid] .product-card')).toHaveCount(isMobile ? 12 : 20);
  if (isMobile) await expect(page.getByText('Página 1 de 4')).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'Paginação' }).locator('.pagination__number')).toHaveText(['1', '2', '3']);
});

/** The page has handled a failed answer (and set its retry timer) a moment after the call. */
const settle = (page: Page) => page.waitForTimeout(500);

test.describe('phone load-more when the next page fails', { tag: '@phone' }, () => {
  test('retries after 2 s and 4 s, then appends the page', async ({ page }) => {
    await page.clock.install();
    await page.goto(storefrontUrl('br', `/produtos/${fx.categorySlug}?sort=valor_venda:asc`));
    await page.clock.pauseAt(Date.now() + 60_000); // from here time moves only when the test says
    let calls = 0;
    await page.route(/[?&]page=2/, async (route) => {
      calls += 1;
      if (calls <= 2) await route.fulfill({ status: 503, body: 'down' });
      else await route.continue();
    });
    const cards = page.locator('[data-product-grid] .product-card');
    const more = page.getByRole('link', { name: 'Carregar mais' });
    await more.click();
    await expect.poll(() => calls).toBe(1);
    await expect(page.locator('[data-load-more]')).toHaveText('Carregando...');
    await expect(page.locator('.card-skeleton')).toHaveCount(8);
    await settle(page);
    await page.clock.runFor(1_900);
    expect(calls).toBe(1);
    await page.clock.runFor(100);
    await expect.poll(() => calls).toBe(2);
    await settle(page);
    await page.clock.runFor(3_900);
    expect(calls).toBe(2);
    await page.clock.runFor(100);
    await expect.poll(() => calls).toBe(3);
    await expect(cards).toHaveCount(24);
    await expect(page.locator('.card-skeleton')).toHaveCount(0);
    await expect(page.getByText('Página 2 de 4')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar produtos' })).toBeHidden();
  });

  test('after 3 retries shows the error and a retry button that starts over', async ({ page }) => {
    await page.clock.install();
    await page.goto(storefrontUrl('es', `/produtos/${fx.categorySlug}?sort=valor_venda:asc`));
    await page.clock.pauseAt(Date.now() + 60_000);
    let failing = true;
    let calls = 0;
    await page.route(/[?&]page=2/, async (route) => {
      calls += 1;
      if (failing) await route.abort('connectionreset');
      else await route.continue();
    });
    const more = page.getByRole('link', { name: 'Cargar más' });
    await more.click();
    for (const [attempt, wait] of [
      [1, 2_000],
      [2, 4_000],
      [3, 6_000],
    ] as const) {
      await expect.poll(() => calls).toBe(attempt);
      await settle(page);
      await page.clock.runFor(wait);
    }
    await expect.poll(() => calls).toBe(4);
    await settle(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar productos. Inténtalo de nuevo.' })).toBeVisible();
    const retry = page.getByRole('link', { name: 'Intentar de nuevo' });
    await expect(retry).toBeVisible();
    await page.clock.runFor(20_000);
    expect(calls).toBe(4); // no more automatic attempts
    failing = false;
    await retry.click();
    await expect(page.locator('[data-product-grid] .product-card')).toHaveCount(24);
    await expect(page.getByText('Página 2 de 4')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cargar más' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar productos' })).toBeHidden();
  });
});

test('the pagination shows at most 5 numbers centred on the current page', { tag: '@desktop' }, async ({ page }) => {
  const big = await createCatalogFixture({ count: 130, outOfStock: 0 }); // 7 pages of 20
  const numbers = page.getByRole('navigation', { name: 'Paginação' }).locator('.pagination__number');
  await page.goto(storefrontUrl('br', `/produtos/${big.categorySlug}`));
  await expect(numbers).toHaveText(['1', '2', '3', '4', '5']);
  await page.goto(storefrontUrl('br', `/produtos/${big.categorySlug}?page=5`));
  await expect(numbers).toHaveText(['3', '4', '5', '6', '7']);
  await page.goto(storefrontUrl('br', `/produtos/${big.categorySlug}?page=7`));
  await expect(numbers).toHaveText(['3', '4', '5', '6', '7']);
  await expect(page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Próxima' })).toHaveCount(0);
});

test('listing has no moderate, serious or critical accessibility violations', async ({ page }) => {
  await page.goto(storefrontUrl('es', `/produtos/${fx.categorySlug}`));
  await expectNoAxeFindings(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('listing shows products, prices and links, and the sort form works', async ({ page }) => {
    await page.goto(storefrontUrl('br', `/produtos/${fx.categorySlug}`));
    const first = page.locator('[data-product-grid] .product-card').first();
    await expect(first.getByRole('link', { name: fx.products[44]!.namePt })).toHaveAttribute('href', `/produto/${fx.products[44]!.slug}`);
    await expect(first.getByTestId('card-price')).toHaveText('U$ 54,00');
    await page.getByLabel('Ordenar por').selectOption('valor_venda:asc');
    await page.locator('[data-sort-form] button[type="submit"]').click();
    await expect(page).toHaveURL(/sort=valor_venda/);
    await expect(page.locator('[data-product-grid] .product-card').first()).toContainText(fx.products[0]!.code);
  });
});
