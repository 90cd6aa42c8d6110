import { getBuyerGatewaySetting } from '#lib/storefronts.ts';
import { getConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getPaymentProviders, getReservationTtlMinutes } from '../payments/index.ts';
import { createCheckoutService, verifyDelivery } from './service.ts';

/** The gateway configured for each kind of buyer (the registry's): Brazilian buyers `br`, Paraguayan buyers `py`. */
function getProvidersByBuyer() {
  const providers = getPaymentProviders();
  const config = getConfig();
  return { br: providers[config[getBuyerGatewaySetting(1)]]!, py: providers[config[getBuyerGatewaySetting(0)]]! };
}

/** Checkout on the shop's pool, paying through the gateway configured for each kind of buyer. */
export function getCheckoutService() {
  const pool = getPool();
  return createCheckoutService({
    connect: () => pool.connect(),
    clock: systemClock,
    providers: getProvidersByBuyer(),
    verifyDelivery,
    reservationTtlMinutes: getReservationTtlMinutes(),
    limits: { maxUnitsPerProduct: getConfig().ORDER_MAX_UNITS_PER_PRODUCT, maxUnpaidUsd: getConfig().UNPAID_RESERVED_MAX_USD },
  });
}

/**
 * The currency a buyer's gateway charges in (decision 1220): the checkout page shows that amount
 * before paying, computed from the page's rates by the rule checkout builds the gateway's request
 * with. Null when the gateway charges the order's own currency.
 */
export function getGatewayCurrency(foreignBuyer: 0 | 1): number | null {
  const providers = getProvidersByBuyer();
  return (foreignBuyer === 1 ? providers.br : providers.py).currencyId ?? null;
}
