import { expect } from 'vitest';
import { systemClock } from '#server/clock.ts';
import { createMercadoPagoProvider } from '#server/payments/mercadopago.ts';
import { createPagoparProvider } from '#server/payments/pagopar.ts';
import { createPaymentLookup } from '#server/payments/repository.ts';
import { createPaymentService } from '#server/payments/service.ts';
import type { OrderPaymentsView } from '#lib/contract/orders.ts';
import { api, apiJson, getTestDb, useOwnStack } from '../support/api.ts';
import { FAKE_MP_ACCESS_TOKEN, FAKE_MP_WEBHOOK_SECRET } from '../support/fake-mercadopago.ts';
import { FAKE_PAGOPAR_PRIVATE_KEY, FAKE_PAGOPAR_PUBLIC_KEY } from '../support/fake-pagopar.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { createCart, createCustomer, createProduct, startCheckout, type TestCustomer } from './checkout-fixtures.ts';

/** A shop of its own on the gateway fakes: PAYMENT_PROVIDER_BR=mercadopago, PAYMENT_PROVIDER_PY=pagopar. */
const SHIPPING_TOKEN_SECRET = 'gateway-tests-shipping-secret-0123456789';
let stack: TestStack;

export async function startGatewayStack(): Promise<TestStack> {
  process.env.SHIPPING_TOKEN_SECRET = SHIPPING_TOKEN_SECRET; // the test signs delivery options as this shop does
  stack = await startTestStack(
    {
      PAYMENT_PROVIDER_BR: 'mercadopago',
      PAYMENT_PROVIDER_PY: 'pagopar',
      // The fakes answer from this test process, which shares 2 cores with the suite's other
      // workers: 5 s (half the shop's default), where 1 s was exhausted by load alone. The tests of a
      // gateway that never answers wait it out once each.
      PAYMENT_GATEWAY_TIMEOUT_MS: '5000',
      PAYMENT_JOBS_INTERVAL_S: '0',
      SHIPPING_TOKEN_SECRET,
    },
    { captureOutput: true },
  );
  useOwnStack(stack);
  return stack;
}

/** The jobs' service (reconcile, expire) on this shop's database and its gateways, as server.mjs runs it. */
export function getPaymentService() {
  const db = getTestDb();
  const mercadopago = createMercadoPagoProvider({
    apiUrl: stack.gateways.mercadopago.url,
    accessToken: FAKE_MP_ACCESS_TOKEN,
    webhookSecret: FAKE_MP_WEBHOOK_SECRET,
    timeoutMs: 5000,
  });
  const pagopar = createPagoparProvider({
    apiUrl: stack.gateways.pagopar.url,
    checkoutUrl: stack.gateways.pagopar.checkoutUrl,
    publicKey: FAKE_PAGOPAR_PUBLIC_KEY,
    privateKey: FAKE_PAGOPAR_PRIVATE_KEY,
    timeoutMs: 5000,
    lookup: createPaymentLookup(db),
  });
  return createPaymentService({ db, connect: () => db.connect(), clock: systemClock, providers: { mercadopago, pagopar } });
}

export async function expireAndSellOut(order: { externalId: string; product: { id: number } }) {
  await getTestDb().query(
    `UPDATE stock_reservations SET expires_at = now() - interval '1 minute' WHERE order_id = (SELECT id FROM orders WHERE external_id = $1)`,
    [order.externalId],
  );
  await getPaymentService().expireReservations();
  await getTestDb().query('UPDATE products SET stock = 0 WHERE id = $1', [order.product.id]);
}

export async function ageNotification(externalId: string) {
  await getTestDb().query(
    `UPDATE payments SET updated_at = now() - interval '10 minutes' WHERE order_id = (SELECT id FROM orders WHERE external_id = $1)`,
    [externalId],
  );
}

export async function getState(externalId: string) {
  return (
    await getTestDb().query<{
      status: string;
      pickup_code: string | null;
      payment_status: string;
      method: string;
      provider: string;
      amount_minor: string;
      charge_amount_minor: string | null;
      charge_currency_id: number | null;
    }>(
      `SELECT o.status, o.pickup_code, p.status AS payment_status, p.method, p.provider, p.amount_minor, p.charge_amount_minor, p.charge_currency_id
       FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.external_id = $1`,
      [externalId],
    )
  ).rows[0]!;
}

export async function getBrlRate(): Promise<number> {
  return Number(
    (await getTestDb().query<{ rate: string }>('SELECT rate FROM exchange_rates WHERE source_currency_id = 2 AND target_currency_id = 1'))
      .rows[0]!.rate,
  );
}

export async function startBrazilianOrder(
  options: { method?: string; installments?: number; body?: Record<string, unknown>; priceMinor?: number; customer?: TestCustomer } = {},
) {
  const customer = options.customer ?? (await createCustomer({ foreignBuyer: 1 }));
  const product = await createProduct({ stock: 5, priceMinor: options.priceMinor ?? 12_345 });
  const cart = await createCart(customer.id, 2, [{ productId: product.id, quantity: 2 }]);
  const started = await startCheckout(customer, cart, {
    host: 'br',
    currencyId: 2,
    method: options.method ?? 'pix',
    installments: options.installments,
    body: options.body,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { customer, product, externalId: started.body.external_id as string, link: started.body.link_pagamento[0] as string };
}

export async function startParaguayanOrder(options: { method?: string; body?: Record<string, unknown>; customer?: TestCustomer } = {}) {
  const customer = options.customer ?? (await createCustomer());
  const product = await createProduct({ stock: 5, priceMinor: 25_000 });
  const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 3 }]);
  const started = await startCheckout(customer, cart, { host: 'es', currencyId: 3, method: options.method ?? 'card', body: options.body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { customer, product, externalId: started.body.external_id as string, link: started.body.link_pagamento[0] as string };
}

export function postMercadoPago(notification: { path: string; headers: Record<string, string>; body: string }) {
  return api(notification.path, { method: 'POST', host: 'local', headers: notification.headers, body: notification.body });
}

export function postPagopar(notification: { headers: Record<string, string>; body: string }) {
  return api('/ecom/pagamentos/webhook/pagopar', { method: 'POST', host: 'local', headers: notification.headers, body: notification.body });
}

export async function getPolledStatus(externalId: string, customer: TestCustomer, host: 'br' | 'es') {
  const { body } = await apiJson<OrderPaymentsView>(`/ecom/venda/pedidos/${externalId}/buscar-pagamentos`, { host, token: customer.token });
  return body;
}
