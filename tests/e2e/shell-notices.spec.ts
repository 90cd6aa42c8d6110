import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

test.describe.configure({ timeout: 60_000 });

test('other scripts can raise toasts that leave after 4 s (errors after 6 s)', async ({ page }) => {
  await page.clock.install();
  await page.goto(storefrontUrl('br', '/sobre-nos'));
  await expect(page.locator('.toasts')).toHaveAttribute('data-ready', '');
  await page.evaluate(() => {
    window.dispatchEvent(new CustomEvent('fronteira:toast', { detail: { message: 'Produto adicionado', kind: 'success' } }));
    window.dispatchEvent(new CustomEvent('fronteira:toast', { detail: { message: 'Erro ao carregar produtos', kind: 'error' } }));
  });
  await expect(page.getByRole('status').filter({ hasText: 'Produto adicionado' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar produtos' })).toBeVisible();
  await page.clock.runFor(4100);
  await expect(page.getByText('Produto adicionado')).toBeHidden();
  await expect(page.getByText('Erro ao carregar produtos')).toBeVisible();
  await page.clock.runFor(2000);
  await expect(page.getByText('Erro ao carregar produtos')).toBeHidden();
});

test('the development popup opens as a modal in the page language and closes with Escape', async ({ page }) => {
  await page.goto(storefrontUrl('es', '/sobre-nos'));
  await expect(page.locator('.toasts')).toHaveAttribute('data-ready', '');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('fronteira:dev-popup')));
  const dialog = page.getByRole('dialog', { name: 'En desarrollo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Entendido' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
