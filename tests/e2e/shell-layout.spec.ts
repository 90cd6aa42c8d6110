import { expect, test, type Page } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1366) <= 768;
test.describe.configure({ timeout: 90_000 });

for (const host of ['br', 'es'] as const) {
  test.describe(`shell on ${host}`, () => {
    test('header, footer and navigation are there in the host language', async ({ page }) => {
      await page.goto(storefrontUrl(host, '/sobre-nos'));
      await expect(page.locator('html')).toHaveAttribute('lang', host === 'br' ? 'pt-BR' : 'es-PY');
      await expect(page.getByRole('search').getByRole('combobox')).toBeVisible();
      const footer = page.locator('footer');
      await expect(footer.getByRole('link', { name: host === 'br' ? 'Política de privacidade' : 'Política de privacidad' })).toBeVisible();
      await expect(footer.getByRole('link', { name: host === 'br' ? 'Termos de uso' : 'Términos de uso' })).toBeVisible();
      expect(await page.getByTestId('footer-categories').locator('li').count()).toBeLessThanOrEqual(7);
      if (isMobile(page)) {
        const bottom = page.getByRole('navigation', { name: host === 'br' ? 'Navegação' : 'Navegación' });
        await expect(bottom.getByRole('link')).toHaveCount(5);
        await expect(page.locator('.site-nav')).toBeHidden();
      } else {
        await expect(page.getByRole('link', { name: host === 'br' ? 'Entrar' : 'Ingresar' })).toHaveAttribute(
          'href',
          '/login?redirect=%2Fsobre-nos',
        );
        await expect(page.locator('.bottom-nav')).toBeHidden();
      }
    });

    test('the categories mega-menu opens from the keyboard and closes with Escape', { tag: '@desktop' }, async ({ page }) => {
      await page.goto(storefrontUrl(host, '/'));
      const panel = page.locator('.mega__panel');
      await expect(panel).toBeHidden();
      await page.locator('.mega__trigger').focus();
      await expect(panel).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(panel).toBeVisible();
      await expect(page.locator('.mega__panel a').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    });

    test('the categories mega-menu opens on hover without JavaScript', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(storefrontUrl(host, '/'));
      await page.locator('.mega__trigger').hover();
      await expect(page.locator('.mega__panel')).toBeVisible();
      await context.close();
    });

    test('the departments sidebar opens from the bottom bar, locks scrolling and closes', { tag: '@phone' }, async ({ page }) => {
      await page.goto(storefrontUrl(host, '/'));
      await page.locator('.bottom-nav [data-sidebar-open]').click();
      const sidebar = page.getByRole('dialog', { name: 'Departamentos' });
      await expect(sidebar).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await page.keyboard.press('Escape');
      await expect(sidebar).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    });

    test('the language selector switches the page language', async ({ page }) => {
      await page.goto(storefrontUrl(host, '/como-comprar'));
      await page.locator('details.lang summary').click();
      await page
        .locator('details.lang')
        .getByRole('link', { name: host === 'br' ? 'Español (Paraguay)' : 'Português' })
        .click();
      await expect(page).toHaveURL(storefrontUrl(host, '/como-comprar'));
      await expect(page.locator('html')).toHaveAttribute('lang', host === 'br' ? 'es-PY' : 'pt-BR');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(host === 'br' ? 'Cómo comprar' : 'Como comprar');
    });

    // axe on the 404, about, how-to-buy and rates pages: axe-page-kinds.spec.ts.
    test('the 404 page answers 404 with a way back', async ({ page }) => {
      const response = await page.goto(storefrontUrl(host, '/nao-existe-esta-pagina'));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('link', { name: host === 'br' ? 'Ver todos os produtos' : 'Ver todos los productos' })).toHaveAttribute(
        'href',
        '/produtos',
      );
    });
  });
}
