import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { StartCheckoutAnswer } from '#lib/contract/checkout.ts';
import { createSessionService } from '#server/accounts/service.ts';
import { systemClock } from '#server/clock.ts';
import { getWebhookSecret, signSandboxBody, SANDBOX_SIGNATURE_HEADER } from '#server/payments/sandbox.ts';
import { createDeliveryToken } from '#server/shipping/index.ts';
import { api, apiJson, getTestDb, type Host, getRunStack } from '../support/api.ts';

/** Secrets the shop generated into its DATA_DIR (or that we generate first: it reads the same file). */
function useShopDataDir(): void {
  process.env.DATA_DIR = getRunStack().dataDir;
}

export function uniqueId(): string {
  return randomBytes(6).toString('hex');
}

export interface TestCustomer {
  id: number;
  token: string;
  email: string;
}

export async function createCustomer(
  /** `documentType`/`document` '': registered without one (a Paraguayan's RUC is optional); `identity`: the cédula or RG. */
  options: { foreignBuyer?: 0 | 1; documentType?: string; document?: string; identity?: string } = {},
): Promise<TestCustomer> {
  const email = `checkout-${uniqueId()}@example.test`;
  const foreignBuyer = options.foreignBuyer ?? 0;
  const { rows } = await getTestDb().query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, document_type, document, identity)
     VALUES ($1, 'x', 'Teste', 'Comprador', $2, $3, $4, $5) RETURNING id`,
    [
      email,
      foreignBuyer,
      options.documentType ?? (foreignBuyer ? 'CPF' : 'RUC'),
      options.document ?? (foreignBuyer ? '52998224725' : '80012345-6'),
      options.identity ?? '',
    ],
  );
  const id = Number(rows[0]!.id);
  const { token } = await createSessionService({ db: getTestDb(), clock: systemClock }).createSession(id);
  return { id, token, email };
}

/** A brand and a category for the products a file creates, once per database pool (per file). */
const catalogueIds = new WeakMap<pg.Pool, Promise<{ brandId: number; categoryId: number }>>();
function getCatalogueIds() {
  const db = getTestDb();
  let ids = catalogueIds.get(db);
  if (!ids) {
    ids = (async () => {
      const suffix = uniqueId();
      const brand = await db.query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ($1, 'Checkout Test') RETURNING id`, [
        `chk-${suffix}`,
      ]);
      const category = await db.query<{ id: number }>(
        `INSERT INTO categories (slug, name_pt, name_es, menu_visible) VALUES ($1, 'Teste', 'Prueba', false) RETURNING id`,
        [`chk-${suffix}`],
      );
      return { brandId: brand.rows[0]!.id, categoryId: category.rows[0]!.id };
    })();
    catalogueIds.set(db, ids);
  }
  return ids;
}

export async function createProduct({ stock, priceMinor = 10_000 }: { stock: number; priceMinor?: number }) {
  const { brandId, categoryId } = await getCatalogueIds();
  const code = `CHK-${uniqueId()}`;
  const { rows } = await getTestDb().query<{ id: number }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id)
     VALUES ($1, $2, $3, $4, $5, 2, $6, $7, $8) RETURNING id`,
    [code, code.toLowerCase(), `Serra ${code}`, `Sierra ${code}`, priceMinor, stock, brandId, categoryId],
  );
  return { id: rows[0]!.id, code };
}

export async function getStock(productId: number): Promise<number> {
  return (await getTestDb().query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock;
}

/** A cart as the cart API leaves it: bound to the customer, lines priced by the server. */
export async function createCart(customerId: number | null, currencyId: number, items: { productId: number; quantity: number }[]) {
  const externalId = randomBytes(18).toString('base64url');
  const { rows } = await getTestDb().query<{ id: string }>(
    'INSERT INTO carts (external_id, customer_id, currency_id) VALUES ($1, $2, $3) RETURNING id',
    [externalId, customerId, currencyId],
  );
  for (const item of items) {
    await getTestDb().query('INSERT INTO cart_items (cart_id, product_id, quantity, unit_price_minor) VALUES ($1, $2, $3, 1)', [
      rows[0]!.id,
      item.productId,
      item.quantity,
    ]);
  }
  return externalId;
}

/** A delivery option as the shipping calculator signs it (same secret file as the shop's). */
export interface TestQuote {
  currencyId: number;
  type?: 'delivery' | 'pickup' | 'pickup_point';
  serviceId?: number | null;
  pickupPointId?: number | null;
  cityId?: number | null;
  priceMinor?: number;
}

export function deliveryToken(cartExternalId: string, quote: TestQuote): string {
  useShopDataDir();
  return createDeliveryToken({
    cart: cartExternalId,
    serviceId: quote.serviceId ?? null,
    integratorId: null,
    pickupPointId: quote.pickupPointId ?? null,
    cityId: quote.cityId ?? null,
    valueMinor: quote.priceMinor ?? 0,
    currencyId: quote.currencyId,
    expiresAt: Math.floor(Date.now() / 1000) + 900,
  });
}

export interface CheckoutOptions {
  host?: Host;
  currencyId: number;
  method?: string;
  installments?: number;
  quote?: Omit<TestQuote, 'currencyId'>;
  body?: Record<string, unknown>;
}

/** Starts a checkout; `T` is the answer read: the started checkout (201) unless the test expects a refusal. */
export function startCheckout<T = StartCheckoutAnswer>(customer: TestCustomer, cartExternalId: string, options: CheckoutOptions) {
  const quote = { currencyId: options.currencyId, ...options.quote };
  const decimals = options.currencyId === 3 ? 0 : 2;
  return apiJson<T>(`/ecom/venda/carrinho/${cartExternalId}/iniciar-checkout`, {
    method: 'POST',
    host: options.host ?? 'es',
    token: customer.token,
    json: {
      token_entrega: deliveryToken(cartExternalId, quote),
      valor_frete: (quote.priceMinor ?? 0) / 10 ** decimals,
      entrega_servico_id: quote.serviceId ?? null,
      cliente_endereco_id: null,
      forma_pagamento: options.method ?? 'card',
      parcelas: options.installments ?? 1,
      ...options.body,
    },
  });
}

/** A delivery service of the calling test only: a city rate beats its department's (shipping rule). */
export async function createDeliveryService() {
  const db = getTestDb();
  const id = 5000 + Math.floor(Math.random() * 90_000);
  const tag = uniqueId();
  await db.query(`INSERT INTO delivery_services (id, integrator_id, kind, name_pt, name_es) VALUES ($1, 1, 'delivery', $2, $3)`, [
    id,
    `Moto PT ${tag}`,
    `Moto ES ${tag}`,
  ]);
  const city = (await db.query<{ id: number }>(`SELECT id FROM cities WHERE name = 'Asunción' AND state_id = 39`)).rows[0]!.id;
  await db.query('INSERT INTO delivery_rates (service_id, city_id, price_minor, days) VALUES ($1, $2, 20000, 3)', [id, city]);
  await db.query('INSERT INTO delivery_rates (service_id, state_id, price_minor, days) VALUES ($1, 39, 30000, 9)', [id]);
  const point = await db.query<{ id: number }>(
    `INSERT INTO pickup_points (service_id, name, address, city_id, hours_pt, hours_es, price_minor, days)
     VALUES ($1, $2, 'Calle Palma 100', $3, '8h-18h', '8h-18h', 10000, 4) RETURNING id`,
    [id, `Punto ${tag}`, city],
  );
  return { id, tag, city, pointId: point.rows[0]!.id };
}

/** A main address of the customer in a city (Asunción's department, Capital). */
export async function addAddress(customerId: number, cityId: number): Promise<number> {
  const { rows } = await getTestDb().query<{ id: string }>(
    `INSERT INTO customer_addresses (customer_id, name, street, number, district, city_name, state_name, country_id, main, city_id, state_id)
     VALUES ($1, 'Casa', 'Av. España', '1500', 'Villa Morra', 'Asunción', 'Capital', 2, true, $2, 39) RETURNING id`,
    [customerId, cityId],
  );
  return Number(rows[0]!.id);
}

/** A paid order of a fresh Paraguayan customer's one-line cart, up to the payment link. */
export async function createPendingOrder(options: { stock?: number; quantity?: number; customer?: TestCustomer } = {}) {
  const customer = options.customer ?? (await createCustomer());
  const product = await createProduct({ stock: options.stock ?? 10 });
  const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: options.quantity ?? 1 }]);
  const started = await startCheckout(customer, cart, { currencyId: 3 });
  if (started.status !== 201) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const payment = (
    await getTestDb().query<{ reference: string; amount_minor: number; currency_id: number }>(
      `SELECT p.reference, p.amount_minor, p.currency_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1`,
      [started.body.external_id],
    )
  ).rows[0]!;
  payment.amount_minor = Number(payment.amount_minor); // bigint arrives as text
  return {
    customer,
    product,
    cart,
    externalId: started.body.external_id as string,
    number: started.body.pedido as number,
    link: started.body.link_pagamento[0] as string,
    payment,
  };
}

/** A notification exactly as the sandbox gateway signs it. */
export function signedWebhook(data: Record<string, unknown>, options: { eventId?: string; timestampS?: number; secret?: string } = {}) {
  useShopDataDir();
  const body = JSON.stringify({ id: options.eventId ?? `evt_${uniqueId()}`, type: 'payment.updated', data });
  const signature = signSandboxBody(body, options.timestampS ?? Math.floor(Date.now() / 1000), options.secret ?? getWebhookSecret());
  return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } };
}

/** The shopper approves on the gateway's page: the sandbox records it and notifies the shop. */
export async function approvePayment(payment: { reference: string; amount_minor: number }, currencyId = 3) {
  await getTestDb().query(`UPDATE sandbox_payments SET status = 'approved' WHERE reference = $1`, [payment.reference]);
  const webhook = signedWebhook({
    reference: payment.reference,
    status: 'approved',
    amount_minor: payment.amount_minor,
    currency_id: currencyId,
  });
  return api('/ecom/pagamentos/webhook/sandbox', { method: 'POST', host: 'local', body: webhook.body, headers: webhook.headers });
}

/** A paid order (store pickup, or home delivery in Asunción) of a fresh Paraguayan buyer, with its pickup code. */
export async function createPaidOrder(options: { delivery?: boolean; stock?: number; quantity?: number } = {}) {
  const customer = await createCustomer();
  const product = await createProduct({ stock: options.stock ?? 10 });
  const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: options.quantity ?? 1 }]);
  let checkout: CheckoutOptions = { currencyId: 3 };
  if (options.delivery) {
    const service = await createDeliveryService();
    const addressId = await addAddress(customer.id, service.city);
    checkout = {
      currencyId: 3,
      quote: { type: 'delivery', serviceId: service.id, cityId: service.city, priceMinor: 20_000 },
      body: { cliente_endereco_id: addressId },
    };
  }
  const started = await startCheckout(customer, cart, checkout);
  if (started.status !== 201) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const payment = (
    await getTestDb().query<{ reference: string; amount_minor: number }>(
      'SELECT p.reference, p.amount_minor FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.external_id = $1',
      [started.body.external_id],
    )
  ).rows[0]!;
  const approved = await approvePayment(payment);
  if (approved.status !== 200) throw new Error(`payment approval failed: ${approved.status}`);
  const order = (
    await getTestDb().query<{ id: number; number: number; pickup_code: string }>(
      'SELECT id, number, pickup_code FROM orders WHERE external_id = $1',
      [started.body.external_id],
    )
  ).rows[0]!;
  return { customer, product, externalId: started.body.external_id as string, payment, ...order };
}
