import type { ExchangeRate } from '#lib/contract/catalog.ts';
import { CURRENCY, type CurrencyId } from '#lib/locale.ts';
import { formatPrice, isCurrencyId, toMinor } from '#lib/money.ts';

/** One row of the exchange-rates page: what 1 U$ buys in a currency. */
export interface RateRow {
  currencyId: CurrencyId;
  isoCode: string;
  formatted: string;
}

const ISO: Record<CurrencyId, string> = { 1: 'BRL', 2: 'USD', 3: 'PYG', 4: 'ARS' };

/** Only rates from currency 2 are shown (spec section 9), in each currency's price format. */
export function toRateRows(rates: readonly ExchangeRate[]): RateRow[] {
  return rates
    .filter((rate) => rate.source_currency.id === CURRENCY.USD && rate.target_currency.id !== CURRENCY.USD)
    .flatMap((rate) => {
      const id = rate.target_currency.id;
      if (!isCurrencyId(id)) return [];
      return [{ currencyId: id, isoCode: ISO[id], formatted: formatPrice(toMinor(rate.tax, id), id) }];
    })
    .sort((a, b) => a.currencyId - b.currencyId);
}
