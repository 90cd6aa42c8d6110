// Prices in any currency: the currencies and the USD exchange rates every conversion needs, read
// once for a few seconds (cart, shipping and checkout convert on every change).
import { CURRENCY, type CurrencyId } from '#lib/locale.ts';
import { createCache } from '../cache/index.ts';
import type { Queryable } from '../db/client.ts';
import { readCurrenciesAndUsdRates, type CurrencyRow } from './repository.ts';

/** Currencies and the USD exchange rates (source always 2): what price conversion needs. */
export interface PriceTable {
  currencies: Map<number, CurrencyRow>;
  /** Units of the target currency one USD buys. */
  usdRates: Map<number, number>;
}

const priceTables = createCache<'usd', Promise<PriceTable>>({ name: 'price-table', maxEntries: 1, ttlMs: 5_000, clearOn: ['rates'] });

async function readPriceTable(db: Queryable): Promise<PriceTable> {
  const { currencies, rates } = await readCurrenciesAndUsdRates(db);
  const table: PriceTable = {
    currencies: new Map(currencies.map((row) => [row.id, row])),
    usdRates: new Map(rates.map((row) => [row.target_currency_id, Number(row.rate)])),
  };
  table.usdRates.set(2, 1);
  return table;
}

/** Reads currencies and rates; cached a few seconds because every cart change needs them. */
export function getPriceTable(db: Queryable): Promise<PriceTable> {
  return priceTables.getOrSet('usd', () => readPriceTable(db));
}

/**
 * The visitor's currency when the store can price in it now (USD, or a currency with a rate);
 * otherwise USD, every product's reference: a store without a G$ rate yet shows and sells in U$,
 * never G$ 0 (issue 33).
 */
export async function getSellableCurrency(db: Queryable, wanted: CurrencyId): Promise<CurrencyId> {
  if (wanted === CURRENCY.USD) return wanted;
  const table = await getPriceTable(db);
  return table.usdRates.has(wanted) ? wanted : CURRENCY.USD;
}
