import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { storefrontUrl } from './support/hosts.ts';

let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 45, outOfStock: 0 });
});

for (const host of ['br', 'es'] as const) {
  test(`${host}: desktop pages by number, mobile appends with load-more`, async ({ page, isMobile }) => {
    await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}?sort=valor_venda:asc`));
    const cards = page.locator('[data-product-grid] .product-card');
    await expect(cards).toHaveCount(20);
    if (isMobile) {
      await expect(page.getByText(host === 'br' ? 'Página 1 de 3' : 'Página 1 de 3')).toBeVisible();
      const more = page.getByRole('link', { name: host === 'br' ? 'Carregar mais' : 'Cargar más' });
      await more.click();
      await expect(cards).toHaveCount(40);
      await expect(page.getByText('Página 2 de 3')).toBeVisible();
      await expect(page).toHaveURL(/sort=valor_venda/); // appended, not navigated
      await more.click();
      await expect(cards).toHaveCount(45);
      await expect(more).toHaveCount(0);
      // Appended cards continue the order: the cheapest first, the most expensive last.
      await expect(cards.last()).toContainText(fx.products[44]!.code);
    } else {
      const nav = page.getByRole('navigation', { name: host === 'br' ? 'Paginação' : 'Paginación' });
      await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
      await nav.getByRole('link', { name: '3', exact: true }).or(nav.getByRole('link', { name: /3$/ })).first().click();
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

test('the pagination shows at most 5 numbers centred on the current page', async ({ page, isMobile }) => {
  test.skip(isMobile, 'numbered pagination is the desktop control');
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

test('listing has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto(storefrontUrl('es', `/produtos/${fx.categorySlug}`));
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
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
