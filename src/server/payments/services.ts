import { getConfig } from '../config.ts';
import { createCheckoutService } from '../checkout/service.ts';
import { verifyDelivery } from '../checkout/delivery.ts';
import { systemClock, type Clock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { createOrderService } from '../orders/service.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, getWebhookSecret } from './sandbox.ts';
import { createPaymentService } from './service.ts';

/** Unpaid reservations are released after this many minutes (DECISIONS.md: default 30). */
export function getReservationTtlMinutes(): number {
  return getConfig().RESERVATION_TTL_MINUTES;
}

/**
 * Registered gateways. A real adapter (e.g. Mercado Pago) is added here and chosen per
 * storefront with PAYMENT_PROVIDER_BR / PAYMENT_PROVIDER_ES; the sandbox is the default.
 */
export function getPaymentProviders(clock: Clock = systemClock): Record<string, PaymentProvider> {
  const sandbox = createSandboxProvider({ db: getPool(), clock, secret: getWebhookSecret });
  return { [sandbox.id]: sandbox };
}

export function getSandboxDeps() {
  return { db: getPool(), clock: systemClock, secret: getWebhookSecret };
}

export function getPaymentService() {
  const pool = getPool();
  return createPaymentService({ db: pool, connect: () => pool.connect(), clock: systemClock, providers: getPaymentProviders() });
}

export function getCheckoutService() {
  const pool = getPool();
  const providers = getPaymentProviders();
  return createCheckoutService({
    connect: () => pool.connect(),
    clock: systemClock,
    provider: providers[getConfig().PAYMENT_PROVIDER]!,
    verifyDelivery,
    reservationTtlMinutes: getReservationTtlMinutes(),
    limits: { maxUnitsPerProduct: getConfig().ORDER_MAX_UNITS_PER_PRODUCT, maxUnpaidUsd: getConfig().UNPAID_RESERVED_MAX_USD },
  });
}

export function getOrderService() {
  return createOrderService({ db: getPool() });
}

/** Cash collection points need a RUC for the invoice (spec section 1). */
export async function hasRucDocument(customerId: number): Promise<boolean> {
  const { rows } = await getPool().query<{ ok: boolean }>(
    `SELECT upper(document_type) = 'RUC' AND btrim(document) <> '' AS ok FROM customers WHERE id = $1`,
    [customerId],
  );
  return rows[0]?.ok ?? false;
}
