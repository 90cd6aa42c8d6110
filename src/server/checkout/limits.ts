import { CURRENCY } from '#lib/locale.ts';
import { convertWithUsdRates, formatPrice, isCurrencyId, toMinor } from '#lib/money.ts';
import type { PriceTable } from '../prices/index.ts';
import { checkoutLimitError } from './errors.ts';

/**
 * What one unpaid customer may hold (issue 22 point 2), from ORDER_MAX_UNITS_PER_PRODUCT and
 * UNPAID_RESERVED_MAX_USD. The 99 per cart line (MAX_ITEM_QUANTITY) is the cart's own rule; this
 * is the one place where an order's reservation is capped. A customer holds one unpaid order at a
 * time (a new checkout cancels the previous), so the value cap is this order's reserved value.
 */
export interface CheckoutLimits {
  maxUnitsPerProduct: number;
  maxUnpaidUsd: number;
}

interface ReservedLine {
  quantity: number;
  subtotal: number;
  name_pt: string;
  name_es: string;
}

export function checkHoardingLimits(limits: CheckoutLimits, lines: ReservedLine[], currencyId: number, pricing: PriceTable): void {
  const over = lines.find((line) => line.quantity > limits.maxUnitsPerProduct);
  if (over) {
    throw checkoutLimitError('invalid', 'capReached', {
      code: 'unitsPerProductCap',
      field: 'itens',
      params: { n: limits.maxUnitsPerProduct, q: over.quantity, name_pt: over.name_pt, name_es: over.name_es },
    });
  }
  const reserved = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const reservedUsd = convertWithUsdRates(reserved, currencyId, CURRENCY.USD, pricing.usdRates);
  const capUsdMinor = toMinor(limits.maxUnpaidUsd, CURRENCY.USD);
  if (reservedUsd !== null && reservedUsd > capUsdMinor) {
    const capInOrderCurrency = convertWithUsdRates(capUsdMinor, CURRENCY.USD, currencyId, pricing.usdRates);
    const amount =
      capInOrderCurrency !== null && isCurrencyId(currencyId)
        ? formatPrice(capInOrderCurrency, currencyId)
        : formatPrice(capUsdMinor, CURRENCY.USD);
    throw checkoutLimitError('invalid', 'capReached', { code: 'unpaidValueCap', field: 'itens', params: { amount } });
  }
}

/**
 * Methods the buyer completes later and elsewhere (decision 0961): a bank transfer Pagopar
 * processes 08:30-17:30 on business days, cash at a collection point, a local bank's own channel,
 * Mercado Pago's boleto (decision 1000: due a day before the reservation ends).
 * Their order holds its stock DEFERRED_PAYMENT_HOURS, which spans a weekend; the gateway's own
 * deadline (Pagopar's fecha_maxima_pago) is the same moment. Every other method: the configured
 * reservation (RESERVATION_TTL_MINUTES). The hoarding caps above apply alike.
 */
export const DEFERRED_PAYMENT_METHODS: readonly string[] = ['bank_transfer', 'cash', 'local_bank', 'boleto'];
export const DEFERRED_PAYMENT_HOURS = 72;

export function getReservationMinutes(method: string | null, ttlMinutes: number): number {
  return method !== null && DEFERRED_PAYMENT_METHODS.includes(method) ? DEFERRED_PAYMENT_HOURS * 60 : ttlMinutes;
}
