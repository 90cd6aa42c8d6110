import { expect, test, type Page } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { storefrontUrl } from './support/hosts.ts';
import { rawGet } from './support/raw-http.ts';

let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 7, outOfStock: 2 });
});

// A locator, so each check waits for the page the last click or choice navigated to.
const cardNames = (page: Page) => page.locator('[data-product-grid] .product-card__name');

for (const host of ['br', 'es'] as const) {
  const name = (index: number) => (host === 'br' ? fx.products[index]!.namePt : fx.products[index]!.nameEs);

  test.describe(`${host} listing`, () => {
    test('category lists its products, departments and count; out-of-stock last with an overlay', async ({ page }) => {
      await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}`));
      await expect(page.locator('h1')).toHaveText(host === 'br' ? fx.categoryPt : fx.categoryEs);
      await expect(page.getByTestId('result-count')).toContainText('7');
      // In stock first, then newest (id descending).
      await expect(cardNames(page)).toHaveText([4, 3, 2, 1, 0, 6, 5].map(name));
      await expect(page.locator('.product-card.is-out')).toHaveCount(2);
      await expect(page.locator('.product-card.is-out').first()).toContainText(host === 'br' ? 'Esgotado' : 'Agotado');
      const price = page.getByTestId('card-price').first();
      await expect(price).toHaveText(host === 'br' ? 'U$ 14,00' : /^G\$ [\d.]+$/);
    });

    test('department link narrows the list and the change-category link returns to /produtos', async ({ page, isMobile }) => {
      await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}`));
      if (isMobile) await page.getByRole('link', { name: host === 'br' ? 'Filtros' : 'Filtros' }).click();
      await page.getByRole('link', { name: fx.departments.b.namePt }).click();
      await expect(page).toHaveURL(new RegExp(`/produtos/${fx.categorySlug}/${fx.departments.b.slug}$`));
      await expect(cardNames(page)).toHaveText([3, 1, 5].map(name));
      await page.getByRole('link', { name: host === 'br' ? 'Trocar categoria' : 'Cambiar categoría' }).click();
      await expect(page).toHaveURL(/\/produtos$/);
      await expect(page.getByRole('link', { name: host === 'br' ? fx.categoryPt : fx.categoryEs })).toBeVisible();
    });

    test('brand checkbox and availability filter apply on change', async ({ page, isMobile }) => {
      await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}`));
      if (isMobile) await page.getByRole('link', { name: 'Filtros' }).click();
      await page.getByRole('checkbox', { name: fx.otherBrandName }).click();
      await expect(page).toHaveURL(new RegExp(`brandSlug=${fx.otherBrandId}`));
      await expect(cardNames(page)).toHaveText([name(1)]);
      await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}`));
      if (isMobile) await page.getByRole('link', { name: 'Filtros' }).click();
      await page.getByRole('radio', { name: host === 'br' ? 'Disponíveis' : 'Disponibles' }).click();
      await expect(page).toHaveURL(/disponivel=1/);
      await expect(cardNames(page)).toHaveText([4, 3, 2, 1, 0].map(name));
    });

    // The order comes from the server; one layout per host, crossed over, so both layouts' select runs.
    test('each sort option orders the products', { tag: host === 'br' ? '@phone' : '@desktop' }, async ({ page }) => {
      const expectations: Array<[string, number[]]> = [
        ['valor_venda:asc', [0, 1, 2, 3, 4, 5, 6]],
        ['valor_venda:desc', [4, 3, 2, 1, 0, 6, 5]],
        ['nome:asc', [0, 1, 2, 3, 4, 5, 6]],
        ['nome:desc', [4, 3, 2, 1, 0, 6, 5]],
      ];
      // Each choice from the page the previous one navigated to, as a shopper tries them in turn.
      await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}`));
      for (const [sort, order] of expectations) {
        await page.getByLabel(host === 'br' ? 'Ordenar por' : 'Ordenar por').selectOption(sort);
        await expect(page).toHaveURL(new RegExp(`sort=${encodeURIComponent(sort)}`));
        // In-stock products (0-4) come first whatever the sort; within each group the chosen order.
        await expect(cardNames(page)).toHaveText(order.map(name));
      }
    });

    test('numeric category and department slugs answer 301 to the named address', { tag: '@desktop' }, async () => {
      const response = await rawGet(host, `/produtos/${fx.categoryId}/${fx.departments.a.id}?sort=nome:asc`);
      expect(response.status).toBe(301);
      expect(response.headers.location).toContain(`/produtos/${fx.categorySlug}/${fx.departments.a.slug}?sort=nome%3Aasc`);
      const missing = await rawGet(host, '/produtos/categoria-que-nao-existe');
      expect(missing.status).toBe(404);
    });
  });
}

test('listing pages are cacheable by a CDN for anonymous visitors and vary by host', { tag: '@desktop' }, async () => {
  const response = await rawGet('br', `/produtos/${fx.categorySlug}`);
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/);
  expect(response.headers.vary).toMatch(/host/i);
});
