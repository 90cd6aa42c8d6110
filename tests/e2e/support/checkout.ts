import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { createSessionService, SESSION_COOKIE } from '#server/accounts/service.ts';
import { systemClock } from '#server/clock.ts';
import { createDeliveryToken } from '#server/shipping/index.ts';
import { getTestDb, storefrontUrl, type Host } from './hosts.ts';

/** Customers, products and carts for the checkout journeys, written straight into the test database. */
export async function createBuyer(foreignBuyer: 0 | 1) {
  const id = randomBytes(6).toString('hex');
  const { rows } = await getTestDb().query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, document_type, document)
     VALUES ($1, 'x', 'Ana', 'Compradora', $2, $3, $4) RETURNING id`,
    [`e2e-checkout-${id}@example.test`, foreignBuyer, foreignBuyer ? 'CPF' : 'RUC', foreignBuyer ? '52998224725' : '80012345-6'],
  );
  const customerId = Number(rows[0]!.id);
  const { token } = await createSessionService({ db: getTestDb(), clock: systemClock }).createSession(customerId);
  return { id: customerId, token, email: `e2e-checkout-${id}@example.test` };
}

export async function signIn(context: BrowserContext, host: Host, token: string) {
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, domain: `${host}.localhost`, path: '/', httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** A cart of one new product (U$ 129,90 unless `line` says otherwise), stored as the cart API would. */
export async function createCartFor(
  customerId: number | null,
  currencyId: number,
  stock = 5,
  line: { priceMinor?: number; quantity?: number } = {},
) {
  const { priceMinor = 12_990, quantity = 1 } = line;
  const suffix = randomBytes(5).toString('hex');
  const brand = await getTestDb().query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ($1, 'E2E') RETURNING id`, [
    `e2e-${suffix}`,
  ]);
  const category = await getTestDb().query<{ id: number }>(
    `INSERT INTO categories (slug, name_pt, name_es, menu_visible) VALUES ($1, 'E2E', 'E2E', false) RETURNING id`,
    [`e2e-${suffix}`],
  );
  const code = `E2E-${suffix}`.toUpperCase();
  const product = await getTestDb().query<{ id: number }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
     VALUES ($1, $2, 'Esmerilhadeira Teste', 'Amoladora Prueba', $6, $3, $4, $5) RETURNING id`,
    [code, code.toLowerCase(), stock, brand.rows[0]!.id, category.rows[0]!.id, priceMinor],
  );
  const externalId = randomBytes(18).toString('base64url');
  const cart = await getTestDb().query<{ id: string }>(
    'INSERT INTO carts (external_id, customer_id, currency_id) VALUES ($1, $2, $3) RETURNING id',
    [externalId, customerId, currencyId],
  );
  // The price the cart API would have stored: the U$ price, or its guaraní value at the seed's 7300.
  const unitPrice = currencyId === 3 ? Math.round((priceMinor / 100) * 7300) : priceMinor;
  await getTestDb().query('INSERT INTO cart_items (cart_id, product_id, quantity, unit_price_minor) VALUES ($1, $2, $3, $4)', [
    cart.rows[0]!.id,
    product.rows[0]!.id,
    quantity,
    unitPrice,
  ]);
  return { externalId, productId: product.rows[0]!.id, code };
}

export function getDeliveryToken(
  cartExternalId: string,
  quote: { currencyId: number; type: 'delivery' | 'pickup'; serviceId: number | null; priceMinor: number },
) {
  process.env.DATA_DIR = process.env.TEST_DATA_DIR;
  return createDeliveryToken({
    cart: cartExternalId,
    serviceId: quote.serviceId,
    integratorId: null,
    pickupPointId: null,
    cityId: null,
    valueMinor: quote.priceMinor,
    currencyId: quote.currencyId,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
  });
}

/** A main address in Asunción (department Capital, estado_id 39), where delivery services run. */
export async function addAddress(customerId: number): Promise<number> {
  const { rows } = await getTestDb().query<{ id: string }>(
    `INSERT INTO customer_addresses (customer_id, name, street, number, district, city_name, state_name, country_id, main, city_id, state_id)
     SELECT $1, 'Casa', 'Av. España', '1500', 'Villa Morra', 'Asunción', 'Capital', 2, true, c.id, 39
       FROM cities c WHERE c.name = 'Asunción' AND c.state_id = 39 RETURNING id`,
    [customerId],
  );
  return Number(rows[0]!.id);
}

/** The checkout start as the checkout page posts it, from the browser on that host; answers the payment link. */
export async function startCheckoutRequest(page: Page, host: Host, cartExternalId: string, body: Record<string, unknown>): Promise<string> {
  await page.goto(storefrontUrl(host, '/'));
  const answer = await page.evaluate(
    async ({ path, data }) => {
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
      return { status: response.status, text: await response.text() };
    },
    { path: `/ecom/venda/carrinho/${cartExternalId}/iniciar-checkout`, data: body },
  );
  if (answer.status !== 201) throw new Error(`checkout: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { link_pagamento: string[] }).link_pagamento[0]!;
}

/**
 * A signed-in Paraguayan buyer with a one-line cart and a saved address, on /checkout: the
 * starting point of the checkout tests that choose delivery options.
 */
export async function openCheckoutWithAddress(page: Page, context: BrowserContext) {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await addAddress(buyer.id);
  await context.addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.goto(storefrontUrl('es', '/checkout'));
  return { buyer, cart };
}
