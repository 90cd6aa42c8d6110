import { expect, test, type Page } from '@playwright/test';
import { createE2eCustomer, signInWithCookie } from './support/accounts.ts';
import { storefrontUrl } from './support/hosts.ts';
import { screenshotForReview } from './support/review.ts';

test.describe.configure({ timeout: 120_000 });

/** The paths of the pages the service worker keeps. */
function getKeptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('fronteira-pages'));
    return name ? (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname) : [];
  });
}

/** Opens `url` and waits until the page is under its service worker's control. */
async function openControlled(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

// Issue 35 point 7 (decision 1220): an es-AR visitor (a language cookie: private pages) and then a
// signed-in one (no-store pages, kept only as their anonymous copy) read visited catalogue pages
// offline; adding to the cart says it needs a connection; any other page shows the offline page.
// Then a Brazilian visitor's (its own origin, its own worker) in Portuguese. Phone and desktop:
// the offline page and the notice are laid out per viewport.
test('visited catalogue pages open offline, the rest shows the offline page', async ({ page, context }) => {
  const listing = '/produtos/ferramentas-eletricas';
  await openControlled(page, storefrontUrl('es', '/?lang=es-AR'));
  await page.goto(storefrontUrl('es', listing));
  await expect.poll(() => getKeptPages(page)).toContain(listing);

  await signInWithCookie(context, 'es', (await createE2eCustomer(0)).id);
  await page.goto(storefrontUrl('es', '/sobre-nos'));
  await expect.poll(() => getKeptPages(page)).toContain('/sobre-nos');
  const kept = await page.evaluate(async () => (await (await caches.match('/sobre-nos'))?.text()) ?? '');
  expect(kept).toContain('<h1');
  expect(kept).not.toMatch(/\bAna\b/); // the anonymous copy: no greeting with the customer's name

  await context.setOffline(true);
  await page.goto(storefrontUrl('es', listing));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  const card = page.locator('form[data-add-to-cart]').first();
  await card.locator('button').click();
  await expect(card.locator('.add-to-cart__notice')).toHaveText(/Sin conexión/);
  await screenshotForReview(page, 'offline-listing-es.png');

  await page.goto(storefrontUrl('es', '/sobre-nos'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(storefrontUrl('es', '/carrinho'));
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estás sin conexión');
  await screenshotForReview(page, 'offline-page-es.png', { fullPage: true });
  await context.setOffline(false);

  await openControlled(page, storefrontUrl('br', '/'));
  await page.goto(storefrontUrl('br', listing));
  await expect.poll(() => getKeptPages(page)).toContain(listing);
  await context.setOffline(true);
  await page.goto(storefrontUrl('br', listing));
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.locator('form[data-add-to-cart]').first()).toBeVisible();
  await page.goto(storefrontUrl('br', '/checkout'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Você está sem conexão');
  await screenshotForReview(page, 'offline-page-br.png', { fullPage: true });
  await context.setOffline(false);
});
