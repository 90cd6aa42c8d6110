import { getBuyerGatewaySetting } from '#lib/storefronts.ts';
import { getConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getPaymentProviders, getReservationTtlMinutes } from '../payments/index.ts';
import { getPriceTable } from '../prices/index.ts';
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
 * What the checkout page needs to show, before paying, the amount a buyer's gateway will charge
 * in its own currency (decision 1220): that currency and today's USD rates, which the page
 * feeds to the same `toGatewayCharge` checkout builds the request with. Null when the gateway
 * charges the order's own currency.
 */
export async function getGatewayPricing(foreignBuyer: 0 | 1): Promise<{ currencyId: number; usdRates: Array<[number, number]> } | null> {
  const providers = getProvidersByBuyer();
  const currencyId = (foreignBuyer === 1 ? providers.br : providers.py).currencyId;
  if (currencyId === undefined) return null;
  return { currencyId, usdRates: [...(await getPriceTable(getPool())).usdRates] };
}
