import { expect, test } from '@playwright/test';
import { waitForIslands } from './support/accounts.ts';
import { storefrontUrl } from './support/hosts.ts';

// Accounts spec section 4: nationality 0 gives es-PY, 1 gives pt-BR; <html lang> follows.
test('the nationality chosen in registration switches the page language, keeping what was typed', async ({ page }) => {
  await page.goto(storefrontUrl('es', '/cadastro'));
  await waitForIslands(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
  const form = page.locator('main form');
  await form.getByLabel('Nombre', { exact: true }).fill('Joana');
  await form.getByRole('radio', { name: 'Brasileño (CPF)' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await waitForIslands(page);
  await expect(form.getByRole('radio', { name: 'Brasileiro (CPF)' })).toBeChecked();
  await expect(form.getByLabel('Nome', { exact: true })).toHaveValue('Joana');
  await expect(form.getByLabel('CPF', { exact: true })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('lang')).toBeNull();

  await form.getByRole('radio', { name: 'Paraguaio (RUC)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
  await waitForIslands(page);
  await expect(form.getByRole('radio', { name: 'Paraguayo (RUC)' })).toBeChecked();
  await expect(form.getByLabel('Nombre', { exact: true })).toHaveValue('Joana');
});
