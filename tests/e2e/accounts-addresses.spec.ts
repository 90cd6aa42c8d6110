import { expect, test } from '@playwright/test';
import { addSaoPauloAddress, fillCiudadDelEsteAddress, waitForIslands } from './support/accounts.ts';
import { createBuyer, openCheckoutWithAddress, signIn } from './support/checkout.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { screenshotForReview } from './support/review.ts';

test('addresses: edit every field of an address from /perfil/endereco, Brazilian to Paraguayan', async ({ page, context }) => {
  // Signed in by cookie: the sign-in form's reload after login would race the first click.
  const customer = await createBuyer(1);
  await signIn(context, 'br', customer.token);
  await page.goto(storefrontUrl('br', '/perfil/endereco'));
  await waitForIslands(page);
  const dialog = await addSaoPauloAddress(page);
  const row = page.locator('[data-address]');
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(dialog.getByRole('heading', { name: 'Editar endereço' })).toBeVisible();
  // The modal opens with the address as stored.
  await expect(dialog.getByLabel('Nome do endereço')).toHaveValue('Casa');
  await expect(dialog.getByLabel('CEP')).toHaveValue('01001-000');
  await expect(dialog.getByLabel('Número')).toHaveValue('10');
  await dialog.getByLabel('CEP').fill('85851000');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('Foz do Iguaçu');
  await dialog.getByLabel('Número').fill('250');
  await dialog.getByLabel('Complemento').fill('Fundos');
  await screenshotForReview(page, 'address-edit.png');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Avenida Brasil, 250');
  await expect(row).toContainText('Foz do Iguaçu - PR');

  await row.getByRole('button', { name: 'Editar' }).click();
  await dialog.getByRole('radio', { name: 'Endereço no Paraguai' }).check();
  await fillCiudadDelEsteAddress(dialog, 'pt', 'Depósito');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(row).toContainText('Depósito');
  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Avda. San Blas, 55');
  await expect(row).toContainText('Ciudad del Este - Alto Paraná');
  await expect(row).toContainText('Principal');
  await screenshotForReview(page, 'address-list.png');

  // Reopened, the Paraguayan address shows its department and district chosen.
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(dialog.getByLabel('Distrito')).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('Distrito').locator('option:checked')).toHaveText('Ciudad del Este');
});

test('checkout: "add new address" opens the address modal; the saved address is selected and shipping recalculated', async ({
  page,
  context,
}) => {
  const { buyer, cart } = await openCheckoutWithAddress(page, context);
  await expect(page.getByText(`Código: ${cart.code}`)).toBeVisible({ timeout: 15_000 });
  await waitForIslands(page);
  const shipping = page.locator('.co-shipping');
  await expect(shipping.locator('.co-address')).toContainText('Asunción');

  await shipping.getByRole('button', { name: 'Agregar nueva dirección' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Agregar dirección' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Dirección en Paraguay' })).toBeChecked();
  await fillCiudadDelEsteAddress(dialog, 'es', 'Oficina CDE');
  await screenshotForReview(page, 'checkout-address-modal.png');
  const recalculated = page.waitForRequest(
    (request) => request.url().includes('/calcular-frete') && /"cliente_endereco_id":\d+/.test(request.postData() ?? ''),
  );
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const { rows } = await getTestDb().query<{ id: number }>(
    "SELECT id FROM customer_addresses WHERE customer_id = $1 AND name = 'Oficina CDE'",
    [buyer.id],
  );
  expect(rows).toHaveLength(1);
  expect(JSON.parse((await recalculated).postData() ?? '{}').cliente_endereco_id).toBe(rows[0]!.id);
  await expect(shipping.locator('.co-address')).toContainText('Oficina CDE: Avda. San Blas, 55, Centro — Ciudad del Este, Alto Paraná');
  await expect(shipping.locator('.co-choices label').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});
