import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

test('each storefront host opens in its own language', async ({ page }) => {
  await page.goto(storefrontUrl('br'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.goto(storefrontUrl('es'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
});

test('the first paint waits for the end of the shell, whose marker every page has', async ({ page }) => {
  for (const path of ['/', '/produtos', '/marcas']) {
    await page.goto(storefrontUrl('br', path));
    const target = await page.locator('link[rel="expect"][blocking="render"]').getAttribute('href');
    expect(target).toBe('#shell-end');
    // Without the marker the browser would wait for the whole document before painting anything.
    await expect(page.locator('#shell-end')).toHaveCount(1);
    const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    expect(paint).not.toBeNull();
  }
});
