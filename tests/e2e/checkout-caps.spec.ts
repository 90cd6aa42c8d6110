import { expect, test, type Page } from '@playwright/test';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { getTestDb, storefrontUrl, type Host } from './support/hosts.ts';
import { screenshotForReview } from './support/review.ts';

// The hoarding cap on unpaid reserved value (UNPAID_RESERVED_MAX_USD, 20,000 US$ by default)
// as a shopper meets it: the checkout says so in their language and nothing is reserved.

async function openExpensiveCheckout(page: Page, host: Host, foreignBuyer: 0 | 1) {
  const buyer = await createBuyer(foreignBuyer);
  await signIn(page.context(), host, buyer.token);
  const cart = await createCartFor(buyer.id, foreignBuyer ? 2 : 3);
  if (!foreignBuyer) await addAddress(buyer.id);
  // 21,000 US$ now: prices come from the catalogue when the checkout starts.
  await getTestDb().query('UPDATE products SET price_minor = 2100000 WHERE id = $1', [cart.productId]);
  await page.context().addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: `${host}.localhost`, path: '/' }]);
  await page.goto(storefrontUrl(host, '/checkout'));
  return { buyer, cart };
}

async function expectNothingReserved(buyerId: number, productId: number) {
  const { rows } = await getTestDb().query<{ orders: number; stock: number }>(
    'SELECT (SELECT count(*)::int FROM orders WHERE customer_id = $1) AS orders, (SELECT stock FROM products WHERE id = $2) AS stock',
    [buyerId, productId],
  );
  expect(rows[0]).toEqual({ orders: 0, stock: 5 });
}

test('a Brazilian buyer over the unpaid-value cap reads why in Portuguese', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  const { buyer, cart } = await openExpensiveCheckout(page, 'br', 1);
  await expect(page.locator('.co-shipping input[name="co-option"]')).toBeChecked({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('PIX').check();
  await page.getByRole('button', { name: mobile ? 'Finalizar' : 'Ir para o pagamento' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Um pedido aguardando pagamento pode reservar no máximo U$ 20.000,00 em produtos.');
  await alert.scrollIntoViewIfNeeded();
  await screenshotForReview(page, `cap-br-${info.project.name}.png`);
  await expectNothingReserved(buyer.id, cart.productId);
});

test('a Paraguayan buyer over the unpaid-value cap reads why in Spanish', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  const { buyer, cart } = await openExpensiveCheckout(page, 'es', 0);
  await expect(page.getByText(`Código: ${cart.code}`)).toBeVisible({ timeout: 15_000 });
  await page
    .locator('.co-shipping .co-choices label')
    .filter({ hasText: /Gratis/ })
    .first()
    .locator('input')
    .check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Tarjeta de crédito').check();
  await page.getByRole('button', { name: mobile ? 'Finalizar' : 'Ir al pago' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Un pedido pendiente de pago puede reservar como máximo G$ 146.000.000 en productos.');
  await alert.scrollIntoViewIfNeeded();
  await screenshotForReview(page, `cap-es-${info.project.name}.png`);
  await expectNothingReserved(buyer.id, cart.productId);
});
