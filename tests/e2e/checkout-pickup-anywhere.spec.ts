import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';

test.describe.configure({ timeout: 60_000 });

// Issue 19 point 1: the chooser offers pickup points of every city, not only the address's own.
test('a Paraguayan buyer living in Asunción picks a pickup point in Ciudad del Este and pays @desktop', async ({ page, context }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await context.addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  const listed = page.waitForResponse(
    (response) => response.url().includes('/pontos-entrega') && response.request().method() === 'GET' && response.ok(),
  );
  await page.goto(storefrontUrl('es', '/checkout'));
  await listed;

  // By its kind, not its label: other tests add pickup services in Asunción, and the first one's name then labels the option.
  await page.locator('.co-shipping .co-choices li[data-delivery-type="pickup_point"] input').check();
  const points = page.locator('.co-points');
  await points.getByRole('combobox', { name: 'Departamento' }).selectOption({ label: 'Alto Paraná' });
  await points.getByRole('combobox', { name: 'Ciudad' }).selectOption({ label: 'Ciudad del Este' });
  const recalculated = page.waitForRequest(
    (request) =>
      request.url().includes('/calcular-frete') &&
      request.method() === 'PUT' &&
      (request.postDataJSON() as { id_ponto_entrega?: number }).id_ponto_entrega !== undefined,
  );
  await points.getByRole('radio', { name: /Fronteira Punto Km 7/ }).check();
  const sent = (await recalculated).postDataJSON() as { cidade_id: number; id_ponto_entrega: number };
  expect(sent.cidade_id).not.toBeUndefined();
  // The point's own price (G$ 15.000 in Ciudad del Este), not Asunción's (G$ 30.000).
  await expect(page.getByTestId('co-total')).toHaveText(`G$ ${(948_270 + 15_000).toLocaleString('de-DE')}`);

  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Pago con QR').check();
  await page.locator('.co-pay button.co-primary:visible').click();
  await expect(page).toHaveURL(/\/sandbox\/pagamento\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await page.getByRole('link', { name: 'Ver pedidos' }).click({ timeout: 20_000 });
  await expect(page.getByText('Retiro en punto de entrega', { exact: false })).toContainText('Fronteira Punto Km 7');
});
