import { expect, test } from '@playwright/test';
import { openCheckoutWithAddress } from './support/checkout.ts';

test('a delivery option chosen at checkout stays chosen when the quantity changes (options recalculated)', async ({ page, context }) => {
  await openCheckoutWithAddress(page, context);
  const delivery = page
    .locator('.co-shipping .co-choices label')
    .filter({ hasNotText: /Gratis/ })
    .first();
  await delivery.locator('input').check();
  const freight = Number((await delivery.locator('strong').textContent())?.replace(/\D/g, ''));
  const recalculated = page.waitForResponse(
    (response) => response.url().includes('/calcular-frete') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await recalculated;
  await expect(page.getByRole('group', { name: 'Cantidad' }).locator('output')).toHaveText('2');
  await expect(delivery.locator('input')).toBeChecked();
  await expect(page.getByTestId('co-total')).toHaveText(`G$ ${(2 * 948_270 + freight).toLocaleString('de-DE')}`);
});
