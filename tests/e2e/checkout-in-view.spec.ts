import { expect, test, type Page } from '@playwright/test';
import { getTestDb, storefrontUrl, type Host } from './support/hosts.ts';
import { E2E_PASSWORD } from './support/accounts.ts';
import { hashPassword } from '#server/accounts/passwords.ts';
import { addAddress, createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';

// Issue 35 points 1 and 3: every checkout alert is brought where the thumb is (focused, inside
// the viewport), step-0 alerts clear once fixed, an expired session signs in again in place,
// and a start that would cancel the buyer's unpaid order says so first.
test.describe.configure({ timeout: 60_000 });

async function openCheckout(page: Page, host: Host, cartExternalId: string) {
  await page.context().addCookies([{ name: 'fronteira_cart', value: cartExternalId, domain: `${host}.localhost`, path: '/' }]);
  await page.goto(storefrontUrl(host, '/checkout'));
}

/** A Brazilian buyer's checkout at step 1 with PIX chosen (store pickup is selected by itself). */
async function reachPix(page: Page, buyer: { id: number }) {
  const cart = await createCartFor(buyer.id, 2);
  await openCheckout(page, 'br', cart.externalId);
  await expect(page.locator('.co-shipping input[name="co-option"]')).toBeChecked({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('PIX').check();
  return cart;
}

function payButton(page: Page, mobile: boolean) {
  return page.getByRole('button', { name: mobile ? 'Finalizar' : 'Ir para o pagamento' });
}

test('"Continuar" without a delivery choice brings the alert into view, focused, and a choice clears it', async ({ page }) => {
  const buyer = await createBuyer(0);
  await signIn(page.context(), 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await openCheckout(page, 'es', cart.externalId);
  const options = page.locator('.co-shipping input[name="co-option"]');
  await expect(options.first()).toBeVisible({ timeout: 15_000 });
  const continueButton = page.getByRole('button', { name: 'Continuar' });
  await continueButton.scrollIntoViewIfNeeded();
  await continueButton.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Selecciona una forma de entrega.');
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  await options.first().check();
  await expect(alert).toHaveCount(0);
});

test('a start that would cancel the unpaid order asks first; confirmed, it goes to the gateway', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  const buyer = await createBuyer(1);
  await signIn(page.context(), 'br', buyer.token);
  const earlier = await createCartFor(buyer.id, 2);
  await startCheckoutRequest(page, 'br', earlier.externalId, {
    token_entrega: getDeliveryToken(earlier.externalId, { currencyId: 2, type: 'pickup', serviceId: null, priceMinor: 0 }),
    valor_frete: 0,
    forma_pagamento: 'pix',
    parcelas: 1,
  });
  await reachPix(page, buyer);
  await payButton(page, mobile).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/Você tem o pedido nº \d+ aguardando pagamento\. Continuar cancela esse pedido/);
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  await expect(page).toHaveURL(/\/checkout$/);
  await alert.getByRole('button', { name: 'Cancelar o pedido anterior e continuar' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pagamento\//, { timeout: 20_000 });
});

test('a session that expired mid-checkout signs in again in place and keeps the cart', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  const buyer = await createBuyer(1);
  const { rows } = await getTestDb().query<{ email: string }>('UPDATE customers SET password_hash = $2 WHERE id = $1 RETURNING email', [
    buyer.id,
    await hashPassword(E2E_PASSWORD),
  ]);
  await signIn(page.context(), 'br', buyer.token);
  const cart = await reachPix(page, buyer);
  await getTestDb().query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE customer_id = $1", [buyer.id]);
  await payButton(page, mobile).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sua sessão expirou. Entre de novo para finalizar: seu carrinho continua salvo.');
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  await alert.locator('input[name="email"]').fill(rows[0]!.email);
  await alert.locator('input[name="password"]').fill(E2E_PASSWORD);
  await alert.locator('button[type="submit"]').click();
  // Back on /checkout, signed in, with the same cart's line.
  await expect(page.locator('.co-shipping input[name="co-option"]')).toBeChecked({ timeout: 15_000 });
  await expect(page.getByText(cart.code)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a delivery option chosen before for the same city is preselected on the next visit', async ({ page }) => {
  const buyer = await createBuyer(0);
  await signIn(page.context(), 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await openCheckout(page, 'es', cart.externalId);
  const delivery = page.locator('.co-shipping li[data-delivery-type="delivery"] input[name="co-option"]').first();
  await expect(delivery).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.co-shipping input[name="co-option"]:checked')).toHaveCount(0);
  await delivery.check();
  await page.reload();
  await expect(delivery).toBeChecked({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Forma de pago' })).toBeVisible();
});
