import { expect, test, type Page } from '@playwright/test';
import { getTestDb, storefrontUrl } from './support/hosts.ts';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1366) <= 768;
test.describe.configure({ timeout: 90_000 });
// axe on the home: axe-page-kinds.spec.ts (each page kind at both widths and on both hosts).

for (const host of ['br', 'es'] as const) {
  // Timers, scrolling and hover do not depend on the host (it changes texts and currency only):
  // those desktop checks run on one host each, the hosts alternating.
  test.describe(`home on ${host}`, () => {
    test('category tabs show the newest products of the chosen category and switch in place', { tag: '@desktop' }, async ({ page }) => {
      await page.goto(storefrontUrl(host, '/'));
      const tabs = page.locator('.home-cats__tabs a');
      expect(await tabs.count()).toBeGreaterThan(1);
      expect(await tabs.count()).toBeLessThanOrEqual(8);
      await expect(tabs.first()).toHaveAttribute('aria-current', 'true');
      const grid = page.getByTestId('home-category-products');
      await expect(grid.locator('article').first()).toBeVisible();
      expect(await grid.locator('article').count()).toBeLessThanOrEqual(8);
      await expect(grid.getByTestId('card-price').first()).toContainText(host === 'br' ? 'U$' : 'G$');
      const second = tabs.nth(1);
      const name = (await second.textContent())?.trim() ?? '';
      await second.click();
      await expect(second).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('.home-cats__head h3')).toContainText(name);
      await expect(page).toHaveURL(/\?categoria=/);
      await expect(grid.locator('article').first()).toBeVisible();
    });

    if (host === 'br')
      test('the banner carousel advances every 5 s, wraps, and its arrows move it', { tag: '@desktop' }, async ({ page }) => {
        // The page's clock stands still unless the test moves it: under load, real seconds passing
        // between the timer's start and runFor would otherwise fire the 5 s timer twice.
        await page.clock.install({ time: new Date('2026-03-02T12:00:00Z') });
        await page.clock.pauseAt(new Date('2026-03-02T13:00:00Z')); // before the page exists: no timer to fire
        await page.goto(storefrontUrl(host, '/'));
        const dots = page.locator('.hero__dots a');
        const count = await dots.count();
        expect(count).toBeGreaterThan(1);
        await expect(page.locator('.hero [data-next]')).toBeVisible();
        await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
        await page.clock.runFor(5100);
        await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
        await page.locator('.hero [data-prev]').click();
        await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
        await page.locator('.hero [data-prev]').click();
        await expect(dots.nth(count - 1)).toHaveAttribute('aria-current', 'true');
        await page.clock.runFor(5100);
        await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
      });

    test('the most-searched carousel is sent to desktops only, and the home varies on the device', async ({ page, isMobile }) => {
      const response = await page.goto(storefrontUrl(host, '/'));
      expect(response?.headers().vary).toMatch(/X-Device-Class, Sec-CH-UA-Mobile/);
      await expect(page.getByTestId('most-searched')).toHaveCount(isMobile ? 0 : 1);
      await expect(page.getByTestId('most-searched').locator('> li')).toHaveCount(isMobile ? 0 : 20);
    });

    if (host === 'es')
      test('most searched shows five at a time with arrows that dim at the ends', { tag: '@desktop' }, async ({ page }) => {
        await page.goto(storefrontUrl(host, '/'));
        const row = page.getByTestId('most-searched');
        await row.scrollIntoViewIfNeeded();
        const box = await row.boundingBox();
        const visible = await row
          .locator('> li')
          .evaluateAll(
            (items, right) => items.filter((item) => item.getBoundingClientRect().right <= (right as number) + 1).length,
            (box?.x ?? 0) + (box?.width ?? 0),
          );
        expect(visible).toBe(5);
        const prev = page.locator('.most [data-prev]');
        const next = page.locator('.most [data-next]');
        await expect(prev).toBeDisabled();
        await expect(next).toBeEnabled();
        await next.click();
        await expect(prev).toBeEnabled();
        await row.evaluate((track) => track.scrollTo({ left: track.scrollWidth }));
        await expect(next).toBeDisabled();
        await expect(prev).toBeEnabled();
      });

    if (host === 'br')
      test('the brand strip scrolls on desktop and pauses on hover', { tag: '@desktop' }, async ({ page }) => {
        await page.goto(storefrontUrl(host, '/'));
        const track = page.getByTestId('brand-strip');
        await page.locator('.brands').scrollIntoViewIfNeeded();
        expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('brands-scroll');
        await page.locator('.brands__viewport').hover();
        expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
      });

    test('phones get category cards, a product scroller, ten brands and the rotating banner trio', { tag: '@phone' }, async ({ page }) => {
      await page.clock.install();
      await page.goto(storefrontUrl(host, '/'));
      const cards = page.locator('.home-cats__cards a');
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(5);
      await expect(cards.first()).toHaveAttribute('href', /^\/produtos\//);
      await expect(page.locator('.home-cats__tabs')).toBeHidden();
      await expect(page.getByTestId('home-category-products').locator('> li').first()).toBeVisible();
      expect(await page.getByTestId('home-category-products').locator('> li:visible').count()).toBeLessThanOrEqual(6);
      expect(await page.locator('.brands__list:not(.brands__list--copy) li:visible').count()).toBeLessThanOrEqual(10);
      // Only those ten are sent, once: the desktop loop's copy and the other logos are not in the page.
      expect(await page.locator('.brands__list li').count()).toBeLessThanOrEqual(10);
      await expect(page.locator('.brands__list--copy')).toHaveCount(0);
      const trio = page.locator('[data-trio]');
      await expect(trio).toHaveAttribute('data-index', /\d/);
      const before = Number(await trio.getAttribute('data-index'));
      await page.clock.runFor(4100);
      await expect(trio).not.toHaveAttribute('data-index', String(before));
    });
  });
}

test.describe('home without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const host of ['br', 'es'] as const) {
    test(`shows products, prices and working links on ${host}`, async ({ page }) => {
      await page.goto(storefrontUrl(host, '/'));
      const grid = page.getByTestId('home-category-products');
      await expect(grid.locator('article').first()).toBeVisible();
      await expect(grid.getByTestId('card-price').first()).toHaveText(host === 'br' ? /^U\$ \d/ : /^G\$ \d/);
      await expect(grid.locator('a[href^="/produto/"]').first()).toBeVisible();
      if (!isMobile(page)) {
        const second = page.locator('.home-cats__tabs a').nth(1);
        const name = (await second.textContent())?.trim() ?? '';
        await second.click();
        await expect(page.locator('.home-cats__head h3')).toContainText(name);
      }
    });

    // The same form in both layouts: one run per host, the layouts crossed over.
    const layout = host === 'br' ? '@phone' : '@desktop';
    test(`the offers form posts and stores the number on ${host}`, { tag: layout }, async ({ page }) => {
      const digits = `55${Date.now().toString().slice(-9)}${host === 'br' ? '1' : '2'}`;
      await page.goto(storefrontUrl(host, '/'));
      await page.locator('#offers-phone').fill(digits);
      await page.locator('[data-testid="offers-form"] button[type="submit"]').click();
      await expect(page.locator('#offers-hint')).toHaveText(
        host === 'br' ? 'Pronto! Você vai receber as nossas ofertas.' : '¡Listo! Vas a recibir nuestras ofertas.',
      );
      const { rows } = await getTestDb().query('SELECT 1 FROM newsletter_contacts WHERE phone_digits = $1', [digits]);
      expect(rows).toHaveLength(1);
    });
  }
});
