import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

test.describe.configure({ timeout: 90_000 });

test('catalogue pages already visited still open when the network drops', async ({ page, context }) => {
  await page.goto(storefrontUrl('br', '/'));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A second visit goes through the now-active worker, which keeps a copy of each page.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto(storefrontUrl('br', '/sobre-nos'));
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((key) => key.startsWith('fronteira-pages')))).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open((await caches.keys()).find((key) => key.startsWith('fronteira-pages')) ?? '');
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      }),
    )
    .toContain('/sobre-nos');

  await context.setOffline(true);
  await page.goto(storefrontUrl('br', '/'));
  await expect(page.getByTestId('home-category-products').locator('article').first()).toBeVisible();
  await page.goto(storefrontUrl('br', '/sobre-nos'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre nós');
  await context.setOffline(false);
});
