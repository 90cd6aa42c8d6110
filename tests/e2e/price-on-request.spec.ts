import { expect, test } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { getTestDb, storefrontUrl, type Host } from './support/hosts.ts';

/**
 * A product whose price is not shown ('Preço sob consulta') cannot be bought online (DECISIONS.md,
 * issue 19): its card and page offer the chat contact instead of add-to-cart, and the cart and
 * checkout APIs refuse it with a message in the shopper's language (tests/api/price-on-request.test.ts).
 */
let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 4, outOfStock: 0 });
  await getTestDb().query('UPDATE products SET show_price = false WHERE id = $1', [fx.products[0]!.id]);
});

const TEXTS = {
  br: { price: 'Preço sob consulta', chat: 'Consultar preço pelo chat', add: 'Adicionar ao carrinho' },
  es: { price: 'Precio a consultar', chat: 'Consultar precio por chat', add: 'Agregar al carrito' },
} as const;

for (const host of ['br', 'es'] as const satisfies Host[]) {
  const text = TEXTS[host];

  test(`${host}: the card offers the chat, not add-to-cart, for a price on request`, async ({ page }) => {
    await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}`));
    const hidden = page.locator(`article[data-product-id="${fx.products[0]!.id}"]`);
    const shown = page.locator(`article[data-product-id="${fx.products[1]!.id}"]`);
    await expect(hidden.getByTestId('card-price')).toHaveText(text.price);
    await expect(hidden.getByRole('button', { name: new RegExp(text.add) })).toHaveCount(0);
    const chat = hidden.getByTestId('price-enquiry');
    await expect(chat).toBeVisible();
    await expect(chat).toHaveText(text.chat);
    const href = new URL((await chat.getAttribute('href')) ?? '');
    expect(href.origin).toBe('https://wa.me');
    expect(href.searchParams.get('text')).toContain(fx.products[0]!.code);
    // A product with its price shown keeps its add-to-cart.
    await expect(shown.getByRole('button', { name: new RegExp(text.add) })).toBeEnabled();
  });

  test(`${host}: the product page offers the chat, not the purchase box`, async ({ page }) => {
    await page.goto(storefrontUrl(host, `/produto/${fx.products[0]!.slug}`));
    await expect(page.locator('.price__main')).toHaveText(text.price);
    await expect(page.getByTestId('price-enquiry')).toHaveText(text.chat);
    await expect(page.locator('.product__purchase').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.add, exact: true })).toHaveCount(0);
  });
}
