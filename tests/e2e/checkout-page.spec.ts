import { expect, test, type Page } from '@playwright/test';
import { storefrontUrl, type Host } from './support/hosts.ts';
import { addAddress, createBuyer, createCartFor, getDeliveryToken, signIn } from './support/checkout.ts';

/** Shipping options as the calculator answers them, signed for this cart. */
async function serveShipping(page: Page, cartExternalId: string, currencyId: number, brazilian: boolean) {
  await page.route('**/calcular-frete', async (route) => {
    const pickup = { tipo: 'pickup', entrega_servico_id: null, descricao: 'Retiro en la tienda', prazo: 0, valor: 0,
      token: getDeliveryToken(cartExternalId, { currencyId, type: 'pickup', serviceId: null, priceMinor: 0 }), opcionais: { pontos_entrega: [] } };
    const delivery = { tipo: 'delivery', entrega_servico_id: 7, descricao: 'Motoboy Asunción', prazo: 1, valor: 25_000,
      token: getDeliveryToken(cartExternalId, { currencyId, type: 'delivery', serviceId: 7, priceMinor: 25_000 }), opcionais: { pontos_entrega: [] } };
    await route.fulfill({ json: brazilian ? [pickup] : [delivery, pickup] });
  });
}

async function openCheckout(page: Page, host: Host, cartExternalId: string) {
  await page.context().addCookies([{ name: 'fronteira_cart', value: cartExternalId, domain: `${host}.localhost`, path: '/' }]);
  await page.goto(storefrontUrl(host, '/checkout'));
}

test('a Paraguayan buyer checks out a delivery order from /checkout and pays by card', async ({ page, context }, info) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await serveShipping(page, cart.externalId, 3, false);
  await openCheckout(page, 'es', cart.externalId);
  await expect(page.getByText(`Código: ${cart.code}`)).toBeVisible();
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await expect(page.getByRole('group', { name: 'Cantidad' }).locator('output')).toHaveText('2');
  await page.getByLabel(/Motoboy Asunción/).check();
  await expect(page.getByTestId('co-total')).toHaveText('G$ 1.921.540'); // 2 x 948.270 + 25.000
  await expect(page.getByText('Total con envío (I.V.A. incluido)')).toBeVisible();
  await page.screenshot({ path: info.outputPath('checkout-step0.png'), fullPage: true });
  await page.getByRole('button', { name: 'Continuar' }).click();
  const pay = page.getByRole('button', { name: info.project.name === 'mobile' ? 'Finalizar' : 'Ir al pago' });
  await expect(pay).toBeDisabled();
  await expect(page.getByLabel('Bocas de cobranza (efectivo)')).toBeEnabled();
  await page.getByLabel('Tarjeta de crédito').check();
  await page.screenshot({ path: info.outputPath('checkout-step1.png'), fullPage: true });
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/pagamento\//);
  await expect(page.getByTestId('sandbox-amount')).toHaveText('G$ 1.921.540');
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByTestId('pickup-code')).toBeVisible();
});

test('a Brazilian buyer sees store pickup only and card instalments up to 10', async ({ page, context }, info) => {
  const buyer = await createBuyer(1);
  await signIn(context, 'br', buyer.token);
  const cart = await createCartFor(buyer.id, 2);
  await serveShipping(page, cart.externalId, 2, true);
  await openCheckout(page, 'br', cart.externalId);
  await expect(page.getByText('Compras do Brasil: somente retirada na loja física.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trocar endereço' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Retiro en la tienda/ })).toBeChecked(); // the only option is selected
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('QR')).toHaveCount(0);
  await page.getByLabel('Cartão de crédito').check();
  const instalments = page.getByLabel('Parcelas');
  await expect(instalments.locator('option')).toHaveCount(10);
  await expect(instalments.locator('option').last()).toHaveText('10x de U$ 12,99');
  await page.screenshot({ path: info.outputPath('checkout-br-step1.png'), fullPage: true });
  await page.getByLabel('PIX').check();
  await page.getByRole('button', { name: info.project.name === 'mobile' ? 'Finalizar' : 'Ir para o pagamento' }).click();
  await expect(page.locator('figure svg')).toBeVisible();
});

test('an anonymous shopper sees the cart with the embedded sign-in form', async ({ page }) => {
  await page.goto(storefrontUrl('es', '/checkout'));
  await expect(page.getByText('Tu carrito está vacío.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a comprar' })).toHaveAttribute('href', '/');
});
