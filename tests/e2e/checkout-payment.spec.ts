import { expect, test } from '@playwright/test';
import { addAddress, createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { screenshotForReview } from './support/review.ts';

test.describe('paying in the sandbox gateway', () => {
  test.describe.configure({ timeout: 60_000 });
  test('a Paraguayan buyer pays a delivery order by card and sees PAGO, without a pickup code', async ({ page, context }) => {
    const buyer = await createBuyer(0);
    await signIn(context, 'es', buyer.token);
    const cart = await createCartFor(buyer.id, 3);
    const addressId = await addAddress(buyer.id);
    const quote = { currencyId: 3, type: 'delivery' as const, serviceId: 7, priceMinor: 25_000 };
    const link = await startCheckoutRequest(page, 'es', cart.externalId, {
      token_entrega: getDeliveryToken(cart.externalId, quote),
      valor_frete: 25_000,
      entrega_servico_id: 7,
      cliente_endereco_id: addressId,
      forma_pagamento: 'card',
      parcelas: 1,
    });
    await page.goto(link);
    await expect(page.getByRole('note')).toContainText('PRUEBA');
    await expect(page.getByTestId('sandbox-amount')).toHaveText('G$ 973.270'); // 129.90 U$ x 7300 + 25.000 envío
    await screenshotForReview(page, 'sandbox-es.png', { fullPage: true });
    await page.getByRole('button', { name: 'Aprobar' }).click();
    await expect(page).toHaveURL(/\/checkout\/payment\?pedido=/);
    await expect(page.getByText('¡Felicitaciones! Tu pago fue confirmado.')).toBeVisible();
    // A home delivery has nothing to pick up: no pickup code, no pickup ticket (issue 19).
    await expect(page.getByTestId('pickup-code')).toHaveCount(0);
    await screenshotForReview(page, 'payment-es.png', { fullPage: true });
    await page.getByRole('link', { name: 'Ver pedidos' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Pagado');
    await expect(page.getByTestId('pickup-code')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Imprimir ticket' })).toHaveCount(0);
    await expect(page.getByTestId('pay-now')).toHaveCount(0);
    await screenshotForReview(page, 'order-es.png', { fullPage: true });
  });

  test('a Brazilian buyer pays by PIX with store pickup', async ({ page, context }) => {
    const buyer = await createBuyer(1);
    await signIn(context, 'br', buyer.token);
    const cart = await createCartFor(buyer.id, 2);
    const quote = { currencyId: 2, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
    const link = await startCheckoutRequest(page, 'br', cart.externalId, {
      token_entrega: getDeliveryToken(cart.externalId, quote),
      valor_frete: 0,
      forma_pagamento: 'pix',
      parcelas: 1,
    });
    await page.goto(link);
    await expect(page.getByRole('note')).toContainText('TESTE');
    await expect(page.getByTestId('sandbox-amount')).toHaveText('U$ 129,90');
    await expect(page.locator('figure svg')).toBeVisible();
    await screenshotForReview(page, 'sandbox-br.png', { fullPage: true });
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByTestId('pickup-code')).toBeVisible();
    await page.getByRole('link', { name: 'Ver pedidos' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Pago');
  });

  test('a declined payment leaves the order awaiting payment, and pay-now works', async ({ page, context }) => {
    const buyer = await createBuyer(0);
    await signIn(context, 'es', buyer.token);
    const cart = await createCartFor(buyer.id, 3);
    const quote = { currencyId: 3, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
    const link = await startCheckoutRequest(page, 'es', cart.externalId, {
      token_entrega: getDeliveryToken(cart.externalId, quote),
      valor_frete: 0,
      forma_pagamento: 'qr',
      parcelas: 1,
    });
    await page.goto(link);
    await page.getByRole('button', { name: 'Rechazar' }).click();
    await expect(page.getByRole('alert')).toContainText('rechazado');
    await page.getByRole('link', { name: 'Ver pedidos' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Esperando pago');
    await expect(page.getByTestId('pickup-code')).toHaveCount(0);
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Aprobar' }).click();
    await expect(page.getByTestId('pickup-code')).toBeVisible();
  });
});
