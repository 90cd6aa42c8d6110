import { expect, test } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';

// axe on the brands, brand and sellers pages: axe-page-kinds.spec.ts.
let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 5, outOfStock: 1 });
});

for (const host of ['br', 'es'] as const) {
  test(`${host}: /marcas lists brands linking to their page, with the name as logo fallback`, async ({ page }) => {
    await page.goto(storefrontUrl(host, '/marcas'));
    await expect(page.locator('h1')).toHaveText(host === 'br' ? 'Marcas' : 'Marcas');
    const card = page.getByRole('link', { name: fx.brandName });
    await expect(card).toHaveAttribute('href', `/marca/${fx.brandSlug}`);
    await card.click();
    await expect(page.locator('h1')).toHaveText(host === 'br' ? `Produtos ${fx.brandName}` : `Productos ${fx.brandName}`);
    // 4 products of the brand (index 1 belongs to the other brand), the out-of-stock one last.
    await expect(page.locator('[data-product-grid] .product-card')).toHaveCount(4);
    await expect(page.locator('[data-product-grid] .product-card').last()).toHaveClass(/is-out/);
  });

  test(`${host}: brand page with a category, sort and not-found`, async ({ page }) => {
    await page.goto(storefrontUrl(host, `/marca/${fx.brandSlug}/${fx.categorySlug}`));
    await expect(page.locator('h1')).toHaveText(`${fx.brandName} - ${host === 'br' ? fx.categoryPt : fx.categoryEs}`);
    await page.getByLabel('Ordenar por').selectOption('valor_venda:desc');
    await expect(page).toHaveURL(/sort=valor_venda/);
    await expect(page.locator('[data-product-grid] .product-card').first()).toContainText(fx.products[3]!.code);
    const response = await page.goto(storefrontUrl(host, '/marca/marca-que-nao-existe'));
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText(host === 'br' ? 'Marca não encontrada' : 'Marca no encontrada');
  });
}

test('sellers: a card per seller, chat links open a new tab, default avatar without photo', async ({ page }) => {
  const db = getTestDb();
  const name = `Vendedor ${fx.tag}`;
  await db.query(
    `INSERT INTO sellers (name, role_pt, role_es, whatsapp, photo_url, position) VALUES ($1, 'Vendas', 'Ventas', '595981000111', NULL, 999)`,
    [name],
  );
  await page.goto(storefrontUrl('es', '/vendedores'));
  await expect(page.locator('h1')).toHaveText('Equipo de ventas');
  const card = page.getByTestId('seller').filter({ hasText: name });
  await expect(card).toContainText('Ventas');
  const chat = card.getByRole('link', { name: `Conversar con ${name}` });
  await expect(chat).toHaveAttribute('target', '_blank');
  await expect(chat).toHaveAttribute('href', 'https://wa.me/595981000111');
  await expect(card.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('brand page shows products, prices and links', async ({ page }) => {
    await page.goto(storefrontUrl('br', `/marca/${fx.brandSlug}`));
    const first = page.locator('[data-product-grid] .product-card').first();
    await expect(first.getByRole('link')).toHaveAttribute('href', `/produto/${fx.products[3]!.slug}`);
    await expect(first.getByTestId('card-price')).toHaveText('U$ 13,00');
  });
});
