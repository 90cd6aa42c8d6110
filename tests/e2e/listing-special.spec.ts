import { expect, test } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { rawGet } from './support/raw-http.ts';

/**
 * /especial lists the special categories' products like /produtos (DECISIONS.md), including the
 * spec's /especial/{brandSlug}/{categoriaSlug}/{departamentoSlug} form, which keeps to the brand.
 */
let fx: CatalogFixture;
test.beforeAll(async () => {
  // Department b holds products 1, 3 and 5; product 1 is of the other brand.
  fx = await createCatalogFixture({ count: 6, outOfStock: 0 });
  await getTestDb().query('UPDATE categories SET special = true WHERE id = $1', [fx.categoryId]);
});

const cards = (page: import('@playwright/test').Page) => page.locator('[data-product-grid] .product-card');

test('a special category is listed under /especial, not /produtos', async ({ page }) => {
  await page.goto(storefrontUrl('br', '/especial'));
  await page.getByRole('link', { name: fx.categoryPt }).first().click();
  await expect(page).toHaveURL(new RegExp(`/especial/${fx.categorySlug}$`));
  await expect(cards(page)).toHaveCount(6);
  expect((await rawGet('br', `/produtos/${fx.categorySlug}`)).status).toBe(404);
});

for (const host of ['br', 'es'] as const) {
  test(`${host}: /especial/{brand}/{category}/{department} lists that brand's products of the department`, async ({ page }) => {
    const dep = fx.departments.b;
    const response = await page.goto(storefrontUrl(host, `/especial/${fx.brandSlug}/${fx.categorySlug}/${dep.slug}?sort=nome:asc`));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${fx.brandName} - ${dep.namePt}`);
    await expect(cards(page)).toHaveCount(2);
    const names = host === 'br' ? [fx.products[3]!.namePt, fx.products[5]!.namePt] : [fx.products[3]!.nameEs, fx.products[5]!.nameEs];
    for (const [index, name] of names.entries()) await expect(cards(page).nth(index)).toContainText(name);
    await expect(page.getByTestId('result-count')).toHaveText(host === 'br' ? '2 produtos encontrados' : '2 productos encontrados');
    // Without the brand segment the same department has the other brand's product too.
    await page.goto(storefrontUrl(host, `/especial/${fx.categorySlug}/${dep.slug}`));
    await expect(cards(page)).toHaveCount(3);
  });
}

test('choosing another department leaves the brand, as on /produtos', async ({ page, isMobile }) => {
  await page.goto(storefrontUrl('br', `/especial/${fx.brandSlug}/${fx.categorySlug}/${fx.departments.b.slug}`));
  if (isMobile) await page.getByRole('link', { name: 'Filtros' }).click();
  await page.getByRole('link', { name: fx.departments.a.namePt }).click();
  await expect(page).toHaveURL(new RegExp(`/especial/${fx.categorySlug}/${fx.departments.a.slug}$`));
  await expect(cards(page)).toHaveCount(3);
});

test('ids redirect to the named address; an unknown brand or a fourth segment is not found', { tag: '@desktop' }, async () => {
  const byId = await rawGet('br', `/especial/${fx.brandId}/${fx.categoryId}/${fx.departments.b.id}?sort=nome:asc`);
  expect(byId.status).toBe(301);
  expect(byId.headers.location).toBe(`/especial/${fx.brandSlug}/${fx.categorySlug}/${fx.departments.b.slug}?sort=nome%3Aasc`);
  const brandById = await rawGet('br', `/especial/${fx.brandId}/${fx.categorySlug}/${fx.departments.b.slug}`);
  expect(brandById.status).toBe(301);
  expect(brandById.headers.location).toBe(`/especial/${fx.brandSlug}/${fx.categorySlug}/${fx.departments.b.slug}`);
  expect((await rawGet('br', `/especial/marca-que-nao-existe/${fx.categorySlug}/${fx.departments.b.slug}`)).status).toBe(404);
  expect((await rawGet('br', `/especial/${fx.brandSlug}/${fx.categorySlug}/${fx.departments.b.slug}/mais`)).status).toBe(404);
});

test('the TXT price list of a brand-scoped special listing has exactly its products', { tag: '@desktop' }, async () => {
  const de = `/especial/${fx.brandSlug}/${fx.categorySlug}/${fx.departments.b.slug}`;
  const response = await rawGet('br', `/exportar?formato=txt&de=${encodeURIComponent(de)}`);
  expect(response.status).toBe(200);
  const text = response.body.toString('utf8');
  expect(text).toContain(fx.products[3]!.code);
  expect(text).toContain(fx.products[5]!.code);
  expect(text).not.toContain(fx.products[1]!.code);
});
