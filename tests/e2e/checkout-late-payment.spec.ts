import { expect, test } from '@playwright/test';
import { systemClock } from '#server/clock.ts';
import { createSandboxProvider } from '#server/payments/sandbox.ts';
import { createPaymentService } from '#server/payments/service.ts';
import { getTestDb } from './support/hosts.ts';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { screenshotForReview } from './support/review.ts';

test.describe.configure({ timeout: 60_000 });

/** The shop's expiry job on the test database (the sandbox secret is not needed to expire). */
function expireReservations() {
  const db = getTestDb();
  const sandbox = createSandboxProvider({ db, clock: systemClock, secret: () => 'unused' });
  return createPaymentService({ db, connect: () => db.connect(), clock: systemClock, providers: { sandbox } }).expireReservations();
}

test('a payment approved after the reservation expired and the stock sold is refunded, and the shopper is told so', async ({
  page,
  context,
}) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  const link = await startCheckoutRequest(page, 'es', cart.externalId, {
    token_entrega: getDeliveryToken(cart.externalId, { currencyId: 3, type: 'pickup', serviceId: null, priceMinor: 0 }),
    valor_frete: 0,
    forma_pagamento: 'card',
    parcelas: 1,
  });
  await getTestDb().query(
    `UPDATE stock_reservations SET expires_at = now() - interval '1 minute'
      WHERE order_id IN (SELECT id FROM orders WHERE customer_id = $1)`,
    [buyer.id],
  );
  await expireReservations();
  await getTestDb().query('UPDATE products SET stock = 0 WHERE id = $1', [cart.productId]); // sold meanwhile

  await page.goto(link);
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\?pedido=/);
  await expect(page.getByTestId('payment-error')).toHaveText('El pago llegó después de que el pedido fue cancelado y fue reembolsado.');
  await expect(page.getByTestId('pickup-code')).toHaveCount(0);
  await screenshotForReview(page, 'late-payment.png', { fullPage: true });
  await page.getByRole('link', { name: 'Ver pedidos' }).click();
  await page.getByTestId('order-row').first().click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelado');
  await expect(page.getByTestId('payment-status')).toHaveText('Tarjeta de crédito · Reembolsado');
  await expect(page.getByTestId('refund-notice')).toBeVisible();
  await expect(page.getByTestId('pay-now')).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByText('Pago reembolsado.')).toBeVisible(); // the gateway's own page agrees
});
