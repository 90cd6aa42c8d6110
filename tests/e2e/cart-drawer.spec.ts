import { expect, test, type Page } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';
import { createE2eProduct, seedBrowserCart, waitForIslands } from './support/cart.ts';

const TEXT = {
  br: {
    cart: 'Carrinho',
    clear: 'Limpar carrinho',
    confirm: 'Confirmar limpeza?',
    empty: 'Seu carrinho está vazio.',
    max: 'Estoque máximo: 2 unidades',
    close: 'Fechar carrinho',
    checkout: 'Finalizar compra',
  },
  es: {
    cart: 'Carrito',
    clear: 'Vaciar carrito',
    confirm: '¿Confirmar vaciado?',
    empty: 'Tu carrito está vacío.',
    max: 'Stock máximo: 2 unidades',
    close: 'Cerrar carrito',
    checkout: 'Finalizar compra',
  },
} as const;

const badge = (page: Page) => page.locator('.site-header [data-testid="cart-badge"], [data-testid="cart-badge"]').first();
const trigger = (page: Page) => page.locator('a.header-cart').first();

for (const host of ['br', 'es'] as const) {
  const text = TEXT[host];
  // Each flow runs once per host, the layouts crossed over: both layouts and both languages see both flows.
  const [drawerLayout, cartPageLayout] = host === 'br' ? ['@desktop', '@phone'] : ['@phone', '@desktop'];
  test.describe(`cart on ${host}`, () => {
    test('the drawer opens and closes by keyboard, traps focus and lists the items', { tag: drawerLayout }, async ({ page }) => {
      const product = await createE2eProduct({ stock: 5, name: `Alicate Drawer ${host}` });
      await page.goto(storefrontUrl(host, '/sobre-nos'));
      await seedBrowserCart(page, [{ id: product.id, qtde: 2 }], host === 'es' ? 3 : 2);
      await page.reload();
      await waitForIslands(page);
      await expect(badge(page)).toHaveText('2'); // reload keeps the cart
      const button = trigger(page);
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: text.cart });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(product.name)).toBeVisible();
      await expect(dialog.getByText(product.code)).toBeVisible();
      await expect(dialog.getByRole('link', { name: text.checkout })).toHaveAttribute('href', '/checkout');
      await expect(dialog.getByRole('button', { name: text.close })).toBeFocused();
      for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { drawerStates: string[] }).drawerStates = seen;
        new MutationObserver(() => seen.push(document.querySelector('.cart-drawer')?.getAttribute('data-state') ?? 'closed')).observe(
          document.body,
          { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] },
        );
      });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      const states = await page.evaluate(() => (window as unknown as { drawerStates: string[] }).drawerStates);
      expect(states).toContain('closing'); // the 300 ms slide-out before closed
      expect(states.at(-1)).toBe('closed');
      await expect(button).toBeFocused();
    });

    test('plus stops at stock with the stock alert; clear asks for confirmation first', { tag: cartPageLayout }, async ({ page }) => {
      const product = await createE2eProduct({ stock: 2, name: `Serra Limite ${host}` });
      await page.goto(storefrontUrl(host, '/carrinho'));
      await seedBrowserCart(page, [{ id: product.id, qtde: 1 }], host === 'es' ? 3 : 2);
      await page.reload();
      await waitForIslands(page);
      const main = page.locator('main');
      const line = main.locator(`[data-product-id="${product.id}"]`);
      await expect(line).toBeVisible();
      const shipping = main.getByRole('heading', { name: host === 'br' ? 'Calcular frete' : 'Calcular envío' });
      await expect(shipping).toBeVisible();
      await line.getByRole('button', { name: host === 'br' ? 'Aumentar quantidade' : 'Aumentar cantidad' }).click();
      await expect(line.getByTestId('cart-qty')).toHaveText('2');
      await line.getByRole('button', { name: host === 'br' ? 'Aumentar quantidade' : 'Aumentar cantidad' }).click();
      await expect(line.locator('.cart-item__notice')).toHaveText(text.max);
      await expect(line.getByTestId('cart-qty')).toHaveText('2');
      await expect(line.locator('.cart-item__notice')).toBeHidden({ timeout: 5000 }); // the alert goes after 3 s

      await main.getByRole('button', { name: text.clear }).click();
      await expect(main.getByRole('button', { name: text.confirm })).toBeVisible();
      await expect(line).toBeVisible();
      await main.getByRole('button', { name: text.confirm }).click();
      await expect(main.getByText(text.empty)).toBeVisible();
      await expect(shipping).toHaveCount(0); // nothing to ship: no calculator, no 'choose a city' error
      await page.reload();
      await waitForIslands(page);
      await expect(page.locator('main').getByText(text.empty)).toBeVisible();
      await expect(shipping).toHaveCount(0);
    });
  });
}

test('the drawer does not open on /checkout', async ({ page }) => {
  await page.goto(storefrontUrl('br', '/checkout'));
  await waitForIslands(page);
  // The checkout layout may drop the header cart entirely; where it keeps one, pressing it opens nothing.
  const link = trigger(page);
  if ((await link.count()) > 0 && (await link.first().isVisible())) await link.first().click();
  await expect(page.getByRole('dialog', { name: TEXT.br.cart })).toHaveCount(0);
});

test('a page loads no React until the shopper touches an island; the first tap on the cart opens the drawer', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(storefrontUrl('br', '/sobre-nos'));
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /\/_astro\/(react|CartDrawer|SearchBox)\./.test(url))).toEqual([]);
  await trigger(page).click();
  await expect(page.getByRole('dialog', { name: TEXT.br.cart })).toBeVisible();
  await expect(page).toHaveURL(storefrontUrl('br', '/sobre-nos'));
});
