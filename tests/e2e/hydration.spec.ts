import { expect, test } from '@playwright/test';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { storefrontUrl } from './support/hosts.ts';

/**
 * Islands sharing the cart store hydrate over the server's HTML without a mismatch, also when
 * another island has already loaded the cart (React would otherwise log error #418, throw the
 * server HTML away and render the island again).
 */
for (const host of ['br', 'es'] as const) {
  test(`${host}: pages with a saved cart hydrate without React errors`, async ({ page, context }) => {
    const buyer = await createBuyer(host === 'br' ? 1 : 0);
    await signIn(context, host, buyer.token);
    if (host === 'es') await addAddress(buyer.id);
    const cart = await createCartFor(buyer.id, host === 'br' ? 2 : 3);
    // The cart id as the shop stores it: cookie, localStorage and the stored-state marker cookie.
    await context.addCookies([
      { name: 'fronteira_cart', value: cart.externalId, domain: `${host}.localhost`, path: '/' },
      { name: 'fronteira_stored', value: '1', domain: `${host}.localhost`, path: '/' },
    ]);
    await context.addInitScript((id) => localStorage.setItem('fronteira_cart_id', id), cart.externalId);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of ['/', '/carrinho', '/checkout', '/produtos', '/']) {
      await page.goto(storefrontUrl(host, path));
      await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
  });
}
