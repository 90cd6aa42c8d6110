// Issue 35 points 1 and 4 (decision 1220): cart and checkout lead with the visitor's primary
// currency and show the others under each total, in the decision's order; where the buyer's
// gateway charges another currency (Mercado Pago, R$), the figure shown in that currency is the
// one the gateway receives. A shop of its own on the worker's database, pointed at the local
// Mercado Pago and Pagopar fakes and serving the test-only Argentine storefront (decision 1220).
import { expect, test, type Page } from '@playwright/test';
import { formatPrice, toMinor } from '#lib/money.ts';
import { startFakeGateways, type FakeGateways } from '../support/fake-gateways.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { addAddress, createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { screenshotForReview } from './support/review.ts';

let shop: ShopProcess;
let gateways: FakeGateways;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  gateways = await startFakeGateways();
  shop = await startShopProcess(process.env.TEST_APP_DATABASE_URL!, {
    ...gateways.env,
    PAYMENT_PROVIDER_BR: 'mercadopago',
    PAYMENT_PROVIDER_PY: 'pagopar',
    PAYMENT_JOBS_INTERVAL_S: '0',
    TEST_STOREFRONTS: 'ar',
    DATA_DIR: process.env.TEST_DATA_DIR!, // the delivery options' signing secret, as the worker's shop
  });
});

test.afterAll(async () => {
  await shop?.stop();
  await gateways?.stop();
});

const at = (host: 'br' | 'es' | 'ar', path: string) => `http://${host}.localhost:${shop.port}${path}`;

/** An amount as shown (`testId`) and the other currencies listed right under it, in order. */
async function readAmounts(page: Page, testId: string) {
  const amount = page.getByTestId(testId);
  await expect(amount).toBeVisible({ timeout: 15_000 });
  const others = amount.locator('xpath=..').getByTestId('other-currencies').locator('li');
  await expect(others.first()).toBeVisible();
  return { primary: (await amount.textContent())?.trim() ?? '', others: (await others.allTextContents()).map((text) => text.trim()) };
}

const symbols = (texts: string[]) => texts.map((text) => text.slice(0, 2));

/** What the fake Mercado Pago was asked to charge for the preference at `link`, formatted in R$. */
function getPreferenceAmount(link: string): string {
  const items = gateways.mercadopago.getPreference(link).body.items as Array<{ unit_price: number; quantity: number }>;
  return formatPrice(
    items.reduce((sum, item) => sum + toMinor(item.unit_price, 1) * item.quantity, 0),
    1,
  );
}

test('primary currency first on cart and checkout, and the gateway figure is what the gateway gets', async ({ page, context }, info) => {
  test.setTimeout(90_000);
  // pt-BR, a Brazilian buyer: U$ leads, R$ G$ P$ follow. U$ 33,33 x 3 converted whole (U$ 99,99)
  // rounds to another R$ than three lines converted one by one, as Mercado Pago is sent them.
  const brazilian = await createBuyer(1);
  await signIn(context, 'br', brazilian.token);
  const brCart = await createCartFor(brazilian.id, 2, 5, { priceMinor: 3_333, quantity: 3 });
  await context.addCookies([{ name: 'fronteira_cart', value: brCart.externalId, domain: 'br.localhost', path: '/' }]);
  await page.goto(at('br', '/carrinho'));
  const brCartTotal = await readAmounts(page, 'cart-total');
  expect(brCartTotal.primary).toBe('U$ 99,99');
  expect(symbols(brCartTotal.others)).toEqual(['R$', 'G$', 'P$']);
  await screenshotForReview(page, 'cart-br.png', { fullPage: true });

  await page.goto(at('br', '/checkout'));
  const brTotal = await readAmounts(page, 'co-total');
  expect(brTotal).toEqual(brCartTotal);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('PIX').check();
  const gatewayLine = page.getByTestId('co-gateway-amount').locator('strong');
  await expect(gatewayLine).toHaveText(brTotal.others[0]!);
  await screenshotForReview(page, 'checkout-br-payment.png', { fullPage: true });
  // Mercado Pago's page is outside the machine: the browser only has to reach its address.
  await page.route('https://www.mercadopago.com.br/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>Mercado Pago</p>' }),
  );
  await page.getByRole('button', { name: info.project.name === 'mobile' ? 'Finalizar' : 'Ir para o pagamento' }).click();
  await page.waitForURL(/mercadopago\.com\.br/, { timeout: 20_000 });
  expect(getPreferenceAmount(page.url())).toBe(brTotal.others[0]);

  // es-PY, a Paraguayan buyer: G$ leads, U$ R$ P$ follow; Pagopar charges G$, so no other figure is shown.
  const paraguayan = await createBuyer(0);
  await signIn(context, 'es', paraguayan.token);
  const esCart = await createCartFor(paraguayan.id, 3, 5, { priceMinor: 3_333, quantity: 3 });
  await addAddress(paraguayan.id);
  await context.addCookies([{ name: 'fronteira_cart', value: esCart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.goto(at('es', '/carrinho'));
  const esCartTotal = await readAmounts(page, 'cart-total');
  expect(esCartTotal.primary).toMatch(/^G\$ /);
  expect(symbols(esCartTotal.others)).toEqual(['U$', 'R$', 'P$']);
  await page.goto(at('es', '/checkout'));
  expect(await readAmounts(page, 'co-total')).toEqual(esCartTotal);
  await page.locator('.co-shipping .co-choices li[data-delivery-type="pickup"] input').first().check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Tarjeta de crédito').check();
  await expect(page.getByText(/Total con envío/).last()).toBeVisible();
  await expect(page.getByTestId('co-gateway-amount')).toHaveCount(0);
  await screenshotForReview(page, 'checkout-es-payment.png', { fullPage: true });

  // es-AR, a visitor of the Argentine storefront: U$ leads, P$ R$ G$ follow.
  const arCart = await createCartFor(null, 2, 5, { priceMinor: 3_333, quantity: 3 });
  await context.addCookies([{ name: 'fronteira_cart', value: arCart.externalId, domain: 'ar.localhost', path: '/' }]);
  await page.goto(at('ar', '/carrinho'));
  const arCartTotal = await readAmounts(page, 'cart-total');
  expect(arCartTotal.primary).toBe('U$ 99,99');
  expect(symbols(arCartTotal.others)).toEqual(['P$', 'R$', 'G$']);
  await screenshotForReview(page, 'cart-ar.png', { fullPage: true });
});
