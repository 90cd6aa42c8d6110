import { expect, test } from '@playwright/test';
import { createCatalogFixture, getUsdRates, type CatalogFixture } from './support/catalog-fixtures.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { storefrontUrl } from './support/hosts.ts';
import { rawGet } from './support/raw-http.ts';

let fx: CatalogFixture;
let rates: Map<number, number>;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 9, outOfStock: 1 });
  rates = await getUsdRates();
});

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** Expected converted lines for a USD price in cents (storefront section 9 formats). */
function expectedLine(usdCents: number, currency: 1 | 3 | 4): string {
  const rate = rates.get(currency) ?? 0;
  const major = (usdCents / 100) * rate;
  if (currency === 3) return `G$ ${group(String(Math.round(major)))}`;
  const cents = Math.round(major * 100);
  const text = `${group(String(Math.floor(cents / 100)))},${String(cents % 100).padStart(2, '0')}`;
  return `${currency === 1 ? 'R$' : 'P$'} ${currency === 4 ? text.replace(/,00$/, '') : text}`;
}

for (const host of ['br', 'es'] as const) {
  test(`${host}: product page shows identity, stock, price lines per locale and the payment panels`, async ({ page }) => {
    const product = fx.products[4]!;
    await page.goto(storefrontUrl(host, `/produto/${product.slug}`));
    await expect(page.locator('h1')).toHaveText(host === 'br' ? product.namePt : product.nameEs);
    await expect(page.getByText(product.code).first()).toBeVisible();
    await expect(page.getByTestId('stock-status')).toContainText(String(product.stock));
    // One primary currency per visitor (decision 1220): U$ on br, G$ on es; the others after it.
    if (host === 'br') {
      await expect(page.getByTestId('product-price')).toHaveText('U$ 14,00');
      await expect(page.getByTestId('other-currencies').locator('li')).toHaveText(
        [1, 3, 4].map((c) => expectedLine(product.priceMinor, c as 1 | 3 | 4)),
      );
    } else {
      await expect(page.getByTestId('product-price')).toHaveText(expectedLine(product.priceMinor, 3));
      await expect(page.getByTestId('other-currencies').locator('li')).toHaveText([
        'U$ 14,00',
        expectedLine(product.priceMinor, 1),
        expectedLine(product.priceMinor, 4),
      ]);
    }
    await expect(page.getByRole('heading', { name: host === 'br' ? 'Formas de pagamento' : 'Formas de pago' })).toBeVisible();
    await expect(page.locator('[data-payment]')).toHaveCount(host === 'br' ? 3 : 6);
    // Sanitised description and specifications with '-' for an empty value.
    await expect(page.locator('.product__description strong')).toHaveText(host === 'br' ? 'forte' : 'fuerte');
    await expect(page.locator('.specs tbody tr').nth(1).locator('td')).toHaveText('-');
    const chat = page.getByTestId('chat-share');
    await expect(chat).toHaveAttribute('target', '_blank');
    expect(decodeURIComponent((await chat.getAttribute('href')) ?? '')).toContain(`/produto/${product.slug}`);
  });
}

test('gallery opens a full-size modal operated by keyboard', async ({ page }) => {
  const product = fx.products[2]!;
  await page.goto(storefrontUrl('br', `/produto/${product.slug}`));
  await expect(page.locator('.gallery__thumbs img')).toHaveCount(3);
  await page.locator('[data-gallery-open]').focus();
  await page.keyboard.press('Enter');
  const modal = page.locator('dialog[data-gallery-modal]');
  await expect(modal).toBeVisible();
  await expect(modal.locator('[data-gallery-counter]')).toHaveText('Imagem 1 de 3');
  await page.keyboard.press('ArrowRight');
  await expect(modal.locator('[data-gallery-counter]')).toHaveText('Imagem 2 de 3');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(modal.locator('[data-gallery-counter]')).toHaveText('Imagem 3 de 3');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('related products: same brand, in stock, without the product itself', async ({ page }) => {
  const product = fx.products[0]!;
  await page.goto(storefrontUrl('br', `/produto/${product.slug}`));
  const related = page.locator('[data-related] .product-card');
  // 9 products: index 1 is another brand, index 8 is out of stock, index 0 is this one.
  await expect(related).toHaveCount(6);
  await expect(page.locator('[data-related]')).not.toContainText(fx.products[1]!.code);
  await expect(page.locator('[data-related]')).not.toContainText(fx.products[8]!.code);
});

test('unknown product answers a real 404 with a link to /produtos; the id answers 301 to the slug', async ({ page }) => {
  const response = await page.goto(storefrontUrl('es', '/produto/este-produto-nao-existe'));
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('Producto no encontrado');
  await expect(page.getByRole('link', { name: 'Ver todos los productos' })).toHaveAttribute('href', '/produtos');
  const byId = await rawGet('br', `/produto/${fx.products[3]!.id}`);
  expect(byId.status).toBe(301);
  expect(byId.headers.location).toMatch(new RegExp(`/produto/${fx.products[3]!.slug}$`));
});

test('Product and BreadcrumbList JSON-LD match the product', async ({ page }) => {
  const product = fx.products[4]!;
  await page.goto(storefrontUrl('br', `/produto/${product.slug}`));
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  const ld = blocks.find((block) => block['@type'] === 'Product');
  expect(ld).toMatchObject({
    name: product.namePt,
    sku: product.code,
    offers: { '@type': 'Offer', price: '14.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  });
  const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList');
  expect(crumbs.itemListElement.at(-1).name).toBe(product.namePt);
});

test('product page has no moderate, serious or critical accessibility violations', async ({ page }) => {
  await page.goto(storefrontUrl('br', `/produto/${fx.products[4]!.slug}`));
  await expectNoAxeFindings(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('product page shows name, price, currency lines and links', async ({ page }) => {
    const product = fx.products[4]!;
    await page.goto(storefrontUrl('es', `/produto/${product.slug}`));
    await expect(page.locator('h1')).toHaveText(product.nameEs);
    await expect(page.getByTestId('product-price')).toHaveText(expectedLine(product.priceMinor, 3));
    await expect(page.getByTestId('other-currencies').locator('li')).toHaveCount(3);
    await expect(page.locator('.gallery__thumbs a').first()).toHaveAttribute('href', /^data:image/);
    await expect(page.locator('[data-related] .product-card a').first()).toHaveAttribute('href', /^\/produto\//);
  });
});
