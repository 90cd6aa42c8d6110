import type { Locale } from '../../lib/locale.ts';

/** One row of the exchange-rates page: what 1 U$ buys in a currency. */
export interface RateRow {
  currencyId: 1 | 2 | 3 | 4;
  symbol: string;
  isoCode: string;
  formatted: string;
}

const ISO = { 1: 'BRL', 2: 'USD', 3: 'PYG', 4: 'ARS' } as const;

/** Rates of source currency 2 only (spec section 9), formatted per the currency's rules. */
export function toRateRows(rates: ReadonlyArray<{ source_currency: { id: number }; target_currency: { id: number; simbolo: string; decimals: number }; tax: number }>, locale: Locale): RateRow[] {
  return rates
    .filter((rate) => rate.source_currency.id === 2 && rate.target_currency.id !== 2 && rate.target_currency.id in ISO)
    .map((rate) => {
      const id = rate.target_currency.id as RateRow['currencyId'];
      const decimals = id === 3 ? 0 : 2;
      const number = new Intl.NumberFormat(id === 3 ? 'es-PY' : locale === 'pt-BR' ? 'pt-BR' : 'es-AR', {
        minimumFractionDigits: decimals, maximumFractionDigits: decimals,
      }).format(rate.tax);
      return { currencyId: id, symbol: rate.target_currency.simbolo, isoCode: ISO[id], formatted: `${rate.target_currency.simbolo} ${number}` };
    })
    .sort((a, b) => a.currencyId - b.currencyId);
}
