import { expect, test } from '@playwright/test';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { storefrontUrl } from './support/hosts.ts';

test('a delivery option chosen at checkout stays chosen when the quantity changes (options recalculated)', async ({ page, context }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await context.addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.goto(storefrontUrl('es', '/checkout'));
  const delivery = page.locator('.co-shipping .co-choices label').filter({ hasNotText: /Gratis/ }).first();
  await delivery.locator('input').check();
  const freight = Number((await delivery.locator('strong').textContent())?.replace(/\D/g, ''));
  const recalculated = page.waitForResponse((response) => response.url().includes('/calcular-frete') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await recalculated;
  await expect(page.getByRole('group', { name: 'Cantidad' }).locator('output')).toHaveText('2');
  await expect(delivery.locator('input')).toBeChecked();
  await expect(page.getByTestId('co-total')).toHaveText(`G$ ${(2 * 948_270 + freight).toLocaleString('de-DE')}`);
});
