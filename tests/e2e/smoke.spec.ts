import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

test('each storefront host opens in its own language', async ({ page }) => {
  await page.goto(storefrontUrl('br'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.goto(storefrontUrl('es'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
});
