import { getConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getPaymentProviders, getReservationTtlMinutes } from '../payments/index.ts';
import { createCheckoutService, verifyDelivery } from './service.ts';

/** Checkout on the shop's pool, paying through the gateway configured for each kind of buyer. */
export function getCheckoutService() {
  const pool = getPool();
  const providers = getPaymentProviders();
  return createCheckoutService({
    connect: () => pool.connect(),
    clock: systemClock,
    providers: { br: providers[getConfig().PAYMENT_PROVIDER_BR]!, py: providers[getConfig().PAYMENT_PROVIDER_PY]! },
    verifyDelivery,
    reservationTtlMinutes: getReservationTtlMinutes(),
    limits: { maxUnitsPerProduct: getConfig().ORDER_MAX_UNITS_PER_PRODUCT, maxUnpaidUsd: getConfig().UNPAID_RESERVED_MAX_USD },
  });
}
