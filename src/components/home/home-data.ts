import type { CurrencyId, Locale } from '../../lib/locale.ts';

/** Start data the home and rates pages read (contract field names, spec section 3). */
export interface HomeRate {
  source_currency: { id: number };
  target_currency: { id: number; decimals: number; simbolo: string };
  tax: number;
}
export interface HomeData {
  exchangeRates: HomeRate[];
}

export async function getHomeData(_locale: Locale, _currencyId: CurrencyId): Promise<HomeData> {
  return { exchangeRates: [] };
}
