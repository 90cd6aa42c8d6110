import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

// Issue 19 point 5: the phone's departments sidebar is a modal dialog for keyboard users too.
for (const host of ['br', 'es'] as const) {
  test(`${host}: the departments sidebar takes focus, keeps it until Escape, then gives it back`, { tag: '@phone' }, async ({ page }) => {
    await page.goto(storefrontUrl(host, '/'));
    await expect(page.locator('dialog[data-sidebar][data-ready]')).toBeAttached();
    const opener = page.locator('.bottom-nav [data-sidebar-open]');
    await opener.focus();
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('dialog', { name: 'Departamentos' });
    await expect(sidebar).toBeVisible();
    const focusInside = () => page.evaluate(() => document.querySelector('#departamentos')!.contains(document.activeElement));
    expect(await focusInside()).toBe(true);
    // Forwards past the last control and backwards past the first, focus never leaves the panel.
    const stops = await sidebar
      .locator('summary, a[href]:not([tabindex="-1"])')
      .evaluateAll((els) => els.filter((el) => (el as HTMLElement).checkVisibility()).length);
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside(), `after ${i + 1} Tab`).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(), `after ${i + 1} Shift+Tab`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });
}
