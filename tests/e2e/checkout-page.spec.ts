import { expect, test, type Page } from '@playwright/test';
import { storefrontUrl, type Host } from './support/hosts.ts';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { screenshotForReview } from './support/review.ts';

// Whole journeys (cart, shipping, gateway, polling) on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 });

async function openCheckout(page: Page, host: Host, cartExternalId: string) {
  await page.context().addCookies([{ name: 'fronteira_cart', value: cartExternalId, domain: `${host}.localhost`, path: '/' }]);
  await page.goto(storefrontUrl(host, '/checkout'));
}

test('a Paraguayan buyer checks out a delivery order from /checkout and pays by card', async ({ page, context }, info) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await openCheckout(page, 'es', cart.externalId);
  await expect(page.getByText(`Código: ${cart.code}`)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await expect(page.getByRole('group', { name: 'Cantidad' }).locator('output')).toHaveText('2');
  // The first delivery option the rate table offers in Asunción (not the free store pickup).
  const delivery = page
    .locator('.co-shipping .co-choices label')
    .filter({ hasNotText: /Gratis/ })
    .first();
  await delivery.locator('input').check();
  const freight = Number((await delivery.locator('strong').textContent())?.replace(/\D/g, ''));
  const [service = '', days = ''] = ((await delivery.locator('span').first().textContent()) ?? '').split(' · ');
  expect(freight).toBeGreaterThan(0);
  const total = `G$ ${(2 * 948_270 + freight).toLocaleString('de-DE')}`;
  await expect(page.getByTestId('co-total')).toHaveText(total);
  await expect(page.getByText('Total con envío (I.V.A. incluido)')).toBeVisible();
  await screenshotForReview(page, 'checkout-step0.png', { fullPage: true });
  await page.getByRole('button', { name: 'Continuar' }).click();
  const pay = page.getByRole('button', { name: info.project.name === 'mobile' ? 'Finalizar' : 'Ir al pago' });
  await expect(pay).toBeDisabled();
  await expect(page.getByLabel('Bocas de cobranza (efectivo)')).toBeEnabled();
  await page.getByLabel('Tarjeta de crédito').check();
  await screenshotForReview(page, 'checkout-step1.png', { fullPage: true });
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/pagamento\//, { timeout: 20_000 });
  await expect(page.getByTestId('sandbox-amount')).toHaveText(total);
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('¡Felicitaciones! Tu pago fue confirmado.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pickup-code')).toHaveCount(0); // a home delivery: nothing to pick up
  await page.getByRole('link', { name: 'Ver pedidos' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Pagado');
  await expect(page.getByText(`Entrega a domicilio — ${service}`)).toBeVisible();
  // the days the option promised at checkout stay on the order
  expect(days).toMatch(/^(1 día|\d+ días)$/);
  await expect(page.getByTestId('order-delivery-days')).toHaveText(days);
  await screenshotForReview(page, 'order-delivery.png', { fullPage: true });
});

test('a Brazilian buyer sees store pickup only and card instalments up to 10', async ({ page, context }, info) => {
  const buyer = await createBuyer(1);
  await signIn(context, 'br', buyer.token);
  const cart = await createCartFor(buyer.id, 2);
  await openCheckout(page, 'br', cart.externalId);
  await expect(page.getByText('Compras do Brasil: somente retirada na loja física.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Trocar endereço' })).toHaveCount(0);
  await expect(page.locator('.co-shipping input[name="co-option"]')).toHaveCount(1);
  await expect(page.locator('.co-shipping input[name="co-option"]')).toBeChecked(); // the only option is selected
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('QR')).toHaveCount(0);
  await page.getByLabel('Cartão de crédito').check();
  const instalments = page.getByLabel('Parcelas');
  await expect(instalments.locator('option')).toHaveCount(10);
  await expect(instalments.locator('option').last()).toHaveText('10x de U$ 12,99');
  await screenshotForReview(page, 'checkout-br-step1.png', { fullPage: true });
  await page.getByLabel('PIX').check();
  await page.getByRole('button', { name: info.project.name === 'mobile' ? 'Finalizar' : 'Ir para o pagamento' }).click();
  await expect(page.locator('figure svg')).toBeVisible({ timeout: 20_000 });
});

test('an anonymous shopper sees the cart with the embedded sign-in form', async ({ page }) => {
  await page.goto(storefrontUrl('es', '/checkout'));
  await expect(page.getByText('Tu carrito está vacío.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Volver a comprar' })).toHaveAttribute('href', '/');
});

test('an anonymous shopper with a cart is asked to sign in inside checkout', async ({ page }) => {
  const cart = await createCartFor(null, 3);
  await openCheckout(page, 'es', cart.externalId);
  await expect(page.getByText(`Código: ${cart.code}`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Ingresa a tu cuenta para calcular el envío y finalizar la compra.')).toBeVisible();
  await expect(page.locator('.co-login input[type="email"], .co-login input[name="email"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toHaveCount(0);
});

test('a Paraguayan buyer picks a pickup point by department and city, and pays by QR', async ({ page, context }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await openCheckout(page, 'es', cart.externalId);
  const options = page.locator('.co-shipping input[name="co-option"]');
  await expect(options.first()).toBeVisible({ timeout: 15_000 });
  for (let i = 0; i < (await options.count()); i += 1) {
    await options.nth(i).check();
    if (await page.locator('.co-points').isVisible()) break;
  }
  const points = page.locator('.co-points');
  await points.getByRole('combobox', { name: 'Departamento' }).selectOption({ index: 1 });
  const city = points.getByRole('combobox', { name: 'Ciudad' });
  if ((await city.inputValue()) === '') await city.selectOption({ index: 1 });
  const point = page.locator('.co-points input[name="co-point"]').first();
  await point.check();
  const pointName = ((await point.locator('xpath=..').textContent()) ?? '').split(' — ')[0]!.trim();
  await expect(point).toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Pago con QR').check();
  await page.locator('.co-pay button.co-primary:visible').click();
  await expect(page).toHaveURL(/\/sandbox\/pagamento\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await page.getByRole('link', { name: 'Ver pedidos' }).click({ timeout: 20_000 });
  await expect(page.getByText('Retiro en punto de entrega', { exact: false })).toContainText(pointName);
});
