import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';
import { createE2eProduct, waitForIslands } from './support/cart.ts';

const TEXT = {
  br: {
    add: 'Adicionar ao carrinho',
    max: 'Estoque máximo: 2 unidades',
    total: 'Quantidade total excederia o estoque. Disponível: 2, no carrinho: 2',
    plus: 'Aumentar quantidade',
  },
  es: {
    add: 'Agregar al carrito',
    max: 'Stock máximo: 2 unidades',
    total: 'La cantidad total excedería el stock. Disponible: 2, en el carrito: 2',
    plus: 'Aumentar cantidad',
  },
} as const;

for (const host of ['br', 'es'] as const) {
  const text = TEXT[host];
  test(`${host}: add from the product page, capped at stock with the stock alert`, async ({ page }) => {
    const product = await createE2eProduct({ stock: 2, name: `Martelete Página ${host}` });
    await page.goto(storefrontUrl(host, `/produto/${product.slug}`));
    await waitForIslands(page);
    const purchase = page.locator('.purchase');
    await purchase.getByRole('button', { name: text.plus }).click();
    await purchase.getByRole('button', { name: text.plus }).click();
    await expect(purchase.getByRole('status')).toHaveText(text.max);
    await purchase.getByRole('button', { name: text.add }).click();
    await expect(page.getByTestId('cart-badge').first()).toHaveText('2');
    await purchase.getByRole('button', { name: text.add }).click();
    await expect(purchase.getByRole('status')).toHaveText(text.total);
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByTestId('cart-badge').first()).toHaveText('2');
  });

  test(`${host}: add from a product card and toggle its heart`, async ({ page }) => {
    const product = await createE2eProduct({ stock: 4, name: `Trena Cartão ${host} ${Date.now()}` });
    await page.goto(storefrontUrl(host, `/produtos?text=${encodeURIComponent(product.name)}`));
    await waitForIslands(page);
    const card = page.locator(`[data-product-id="${product.id}"]`).first();
    await card.locator('form[data-add-to-cart] button').click();
    await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
    const heart = card.locator('button[data-favourite]');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('favourites-badge').first()).toHaveAttribute('data-count', '1');
    await page.reload();
    await expect(page.locator(`[data-product-id="${product.id}"] button[data-favourite]`).first()).toHaveAttribute('aria-pressed', 'true');
  });
}

test('two taps on + while the purchase box is still loading both count, in order', async ({ page }) => {
  const product = await createE2eProduct({ stock: 2, name: `Martelete toques ${Date.now()}` });
  let release = () => {};
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Hold the purchase box's code back until both taps are in.
  await page.route(/\/_astro\/ProductPurchase\.[\w-]+\.js$/, async (route) => {
    await loaded;
    await route.continue();
  });
  await page.goto(storefrontUrl('br', `/produto/${product.slug}`));
  const purchase = page.locator('.purchase');
  await purchase.getByRole('button', { name: TEXT.br.plus }).click();
  await purchase.getByRole('button', { name: TEXT.br.plus }).click();
  release();
  // The first tap makes 2, the second asks for 3 of a stock of 2.
  await expect(purchase.getByRole('status')).toHaveText(TEXT.br.max);
  await expect(purchase.getByRole('spinbutton', { name: 'Quantidade' })).toHaveValue('2');
});

test('a shopper without a cart browses without failed cart look-ups; the first addition is found on the next page', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/ecom/venda/carrinho') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const product = await createE2eProduct({ stock: 3, name: `Alicate Sem Carrinho ${Date.now()}` });
  for (const path of ['/', '/produtos', `/produto/${product.slug}`]) {
    await page.goto(storefrontUrl('br', path));
    await waitForIslands(page);
  }
  // An empty cart is not stored, so no page asked the server for it.
  expect(await page.evaluate(() => localStorage.getItem('fronteira_cart_id'))).toBeNull();
  await page.locator('.purchase').getByRole('button', { name: TEXT.br.add }).click();
  await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
  await page.goto(storefrontUrl('br', '/'));
  await waitForIslands(page);
  await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
  expect(failed).toEqual([]);
});
