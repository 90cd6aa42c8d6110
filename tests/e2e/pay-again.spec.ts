// Issue 35 point 3: after a decline the buyer pays the same order with another method, from the
// payment result page (sandbox gateway). One flow per host, phone and desktop.
import { expect, test } from '@playwright/test';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { screenshotForReview } from './support/review.ts';

const CASES = [
  {
    host: 'es' as const,
    foreign: 0 as const,
    currencyId: 3,
    first: 'qr',
    decline: 'Rechazar',
    declined: 'El pago fue rechazado',
    other: 'Tarjeta de crédito',
    pay: 'Pagar con la forma elegida',
    approve: 'Aprobar',
  },
  {
    host: 'br' as const,
    foreign: 1 as const,
    currencyId: 2,
    first: 'card',
    decline: 'Recusar',
    declined: 'O pagamento foi recusado',
    other: 'PIX',
    pay: 'Pagar com a forma escolhida',
    approve: 'Aprovar',
  },
];

for (const c of CASES) {
  test(`${c.host}: a declined payment, then another method for the same order`, async ({ page, context }) => {
    test.setTimeout(60_000);
    const buyer = await createBuyer(c.foreign);
    await signIn(context, c.host, buyer.token);
    const cart = await createCartFor(buyer.id, c.currencyId);
    const quote = { currencyId: c.currencyId, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
    const link = await startCheckoutRequest(page, c.host, cart.externalId, {
      token_entrega: getDeliveryToken(cart.externalId, quote),
      valor_frete: 0,
      forma_pagamento: c.first,
      parcelas: 1,
    });
    await page.goto(link);
    await page.getByRole('button', { name: c.decline }).click();
    await expect(page.locator('.declined')).toBeVisible();
    const { rows } = await getTestDb().query<{ external_id: string }>(
      'SELECT o.external_id FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.link = $1',
      [link],
    );
    const orderId = rows[0]!.external_id;
    await page.goto(storefrontUrl(c.host, `/checkout/payment?pedido=${orderId}`));
    await expect(page.locator('.payment-state .declined')).toContainText(c.declined);
    const form = page.locator('form.pay-again');
    await expect(form.getByRole('button', { name: c.pay })).toBeDisabled();
    await form.getByLabel(c.other).check();
    await screenshotForReview(page, `pay-again-${c.host}.png`, { fullPage: true });
    await form.getByRole('button', { name: c.pay }).click();
    await expect(page).not.toHaveURL(/\/checkout\/payment/);
    await page.getByRole('button', { name: c.approve }).click();
    await expect(page.getByTestId('pickup-code')).toBeVisible();
    const { rows: payments } = await getTestDb().query<{ status: string }>(
      'SELECT p.status FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1 ORDER BY p.id',
      [orderId],
    );
    expect(payments.map((payment) => payment.status)).toEqual(['RECUSADO', 'PAGO']);
  });
}
