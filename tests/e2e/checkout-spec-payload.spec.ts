import { expect, test } from '@playwright/test';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { screenshotForReview } from './support/review.ts';

/**
 * iniciar-checkout with the specification's exact payload (no forma_pagamento, no parcelas;
 * decision 0410): the gateway's page lets the buyer choose. With the sandbox, its TEST page
 * says the method is to be chosen, and paying there ends as usual with a pickup code.
 */
const CASES = [
  { host: 'es', foreignBuyer: 0, currencyId: 3, test: 'PRUEBA', method: 'A elegir al pagar', approve: 'Aprobar' },
  { host: 'br', foreignBuyer: 1, currencyId: 2, test: 'TESTE', method: 'A escolher ao pagar', approve: 'Aprovar' },
] as const;

test.describe("the specification's checkout payload", () => {
  test.describe.configure({ timeout: 60_000 });
  for (const item of CASES) {
    test(`starts a payment the buyer completes on the gateway's page (${item.host})`, async ({ page, context }) => {
      const buyer = await createBuyer(item.foreignBuyer);
      await signIn(context, item.host, buyer.token);
      const cart = await createCartFor(buyer.id, item.currencyId);
      const quote = { currencyId: item.currencyId, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
      const link = await startCheckoutRequest(page, item.host, cart.externalId, {
        token_entrega: getDeliveryToken(cart.externalId, quote),
        valor_frete: 0,
        cliente_endereco_id: null,
        entrega_servico_id: null,
      });
      await page.goto(link);
      await expect(page.getByRole('note')).toContainText(item.test);
      await expect(page.getByText(item.method, { exact: true })).toBeVisible();
      await screenshotForReview(page, `sandbox-any-${item.host}.png`, { fullPage: true });
      await page.getByRole('button', { name: item.approve }).click();
      await expect(page).toHaveURL(/\/checkout\/payment\?pedido=/);
      await expect(page.getByTestId('pickup-code')).toHaveText(/^[346789A-Z]{8}$/);
      await screenshotForReview(page, `payment-any-${item.host}.png`, { fullPage: true });
    });
  }
});
