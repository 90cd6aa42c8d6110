import { expect, test } from '@playwright/test';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { storefrontUrl } from './support/hosts.ts';

// Storefront spec section 5: at the available stock, checkout's plus stops and says why.
test('checkout says "Cantidad máxima disponible" when a line reaches the stock', async ({ page, context }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3, 2);
  await addAddress(buyer.id);
  await context.addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.goto(storefrontUrl('es', '/checkout'));
  await expect(page.getByText(`Código: ${cart.code}`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Cantidad máxima disponible: 2')).toHaveCount(0);
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await expect(page.getByRole('group', { name: 'Cantidad' }).locator('output')).toHaveText('2');
  await expect(page.getByText('Cantidad máxima disponible: 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aumentar cantidad' })).toBeDisabled();
});
