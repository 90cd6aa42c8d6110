import { expect, test } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { storefrontUrl } from './support/hosts.ts';

let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 2, outOfStock: 0 });
});

// Storefront spec 'Brand pages': /marca without a brand is the brand listing 'Produtos por Marca'.
for (const [host, title] of [
  ['br', 'Produtos por Marca'],
  ['es', 'Productos por Marca'],
] as const) {
  test(`${host}: /marca lists the brands under '${title}'`, async ({ page }) => {
    const response = await page.goto(storefrontUrl(host, '/marca'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    const card = page.getByRole('link', { name: fx.brandName });
    await expect(card).toHaveAttribute('href', `/marca/${fx.brandSlug}`);
    await card.click();
    await expect(page.locator('h1')).toHaveText(`${host === 'br' ? 'Produtos' : 'Productos'} ${fx.brandName}`);
  });
}
