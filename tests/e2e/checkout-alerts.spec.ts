import { expect, test, type Page } from '@playwright/test';
import { storefrontUrl, type Host } from './support/hosts.ts';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { screenshotForReview } from './support/review.ts';

// Section 8 alerts of checkout, the processing overlay and the fixed finalize bar (spec section 2).
test.describe.configure({ timeout: 60_000 });

async function openCheckout(page: Page, host: Host, cartExternalId: string) {
  await page.context().addCookies([{ name: 'fronteira_cart', value: cartExternalId, domain: `${host}.localhost`, path: '/' }]);
  await page.goto(storefrontUrl(host, '/checkout'));
}

/** A Brazilian buyer's cart up to step 1 with PIX chosen (store pickup is selected by itself). */
async function reachPayment(page: Page) {
  const buyer = await createBuyer(1);
  await signIn(page.context(), 'br', buyer.token);
  const cart = await createCartFor(buyer.id, 2);
  await openCheckout(page, 'br', cart.externalId);
  await expect(page.locator('.co-shipping input[name="co-option"]')).toBeChecked({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('PIX').check();
}

function payButton(page: Page, mobile: boolean) {
  return page.getByRole('button', { name: mobile ? 'Finalizar' : 'Ir para o pagamento' });
}

test('step 1 on a phone has a fixed finalize bar; a slow start shows the full-page overlay above it', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await reachPayment(page);
  const finalize = page.getByRole('button', { name: 'Finalizar' });
  const goToPayment = page.getByRole('button', { name: 'Ir para o pagamento' });
  await expect(mobile ? finalize : goToPayment).toBeVisible();
  await expect(mobile ? goToPayment : finalize).toBeHidden();
  if (mobile) {
    const bar = page.locator('.co-mobile-bar');
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    const box = (await finalize.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(box.y).toBeGreaterThan(740 - 200); // at the bottom of the screen, whatever the scroll
  }
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/iniciar-checkout', async (route) => {
    await held;
    await route.continue();
  });
  await payButton(page, mobile).click();
  const overlay = page.locator('.co-overlay');
  await expect(overlay).toHaveText(/Processando o pagamento/);
  await screenshotForReview(page, 'processing.png');
  // it covers the whole page, the fixed bars included
  const topmost = await page.evaluate(
    () => document.elementFromPoint(window.innerWidth / 2, window.innerHeight - 20)?.closest('.co-overlay') !== null,
  );
  expect(topmost).toBe(true);
  await expect(payButton(page, mobile)).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/sandbox\/pagamento\//, { timeout: 20_000 });
});

test('a start without a payment link and a refused start show the titled alerts', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await reachPayment(page);
  await page.route('**/iniciar-checkout', (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: '{"link_pagamento":[]}' }),
  );
  await payButton(page, mobile).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Não foi possível continuar');
  await expect(alert).toContainText('Link de pagamento não encontrado');
  await page.unroute('**/iniciar-checkout');
  await page.route('**/iniciar-checkout', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Alguns produtos não têm estoque suficiente.',
        errors: { itens: ['Serra: Quantidade solicitada (2) excede o estoque disponível (1)'] },
      }),
    }),
  );
  await payButton(page, mobile).click();
  await expect(alert).toContainText('Não foi possível iniciar o pagamento. Tente novamente.');
  await expect(alert).toContainText('Quantidade solicitada (2) excede o estoque disponível (1)');
  await expect(page.locator('.co-overlay')).toHaveCount(0);
  await expect(payButton(page, mobile)).toBeEnabled();
});

test('continuing without a delivery option, or without a pickup point, is refused with an alert', async ({ page }) => {
  const buyer = await createBuyer(0);
  await signIn(page.context(), 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await openCheckout(page, 'es', cart.externalId);
  const options = page.locator('.co-shipping input[name="co-option"]');
  await expect(options.first()).toBeVisible({ timeout: 15_000 });
  expect(await options.count()).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toContainText('Selecciona una forma de entrega.');
  for (let i = 0; i < (await options.count()); i += 1) {
    await options.nth(i).check();
    if (await page.locator('.co-points').isVisible()) break;
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toContainText('Selecciona un punto de retiro.');
  await expect(page.getByRole('heading', { name: 'Forma de pago' })).toHaveCount(0);
});

test('a cart that cannot be loaded shows the checkout request error', async ({ page }) => {
  const buyer = await createBuyer(0);
  await signIn(page.context(), 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await page.route(/\/ecom\/venda\/carrinho\/[^/]+\?/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await openCheckout(page, 'es', cart.externalId);
  await expect(page.getByRole('alert')).toContainText('Error al cargar el carrito.', { timeout: 15_000 });
});
