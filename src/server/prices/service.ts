// Prices in any currency: the currencies and the USD exchange rates every conversion needs, and
// every price a page shows, read once for a few seconds (decision 1320).
import type { ExchangeRate } from '#lib/contract/catalog.ts';
import { CURRENCY, type CurrencyId } from '#lib/locale.ts';
import { createCache } from '../cache/index.ts';
import type { Queryable } from '../db/client.ts';
import { readCurrenciesAndUsdRates, type CurrencyRow } from './repository.ts';

/** Currencies and the USD exchange rates (source always 2): what price conversion and price display need. */
export interface PriceTable {
  currencies: Map<number, CurrencyRow>;
  /** Units of the target currency one USD buys. */
  usdRates: Map<number, number>;
  /**
   * The same rates as the catalogue's contract shows them, by target currency: one array per
   * read, so what pages derive from it once per array (the home's card rows) stays derived.
   */
  exchangeRates: ExchangeRate[];
}

/**
 * The one in-process copy of the rates (decision 1320). A change of rates empties it at once, in
 * this process and, through the NOTIFY relay, in the others; 5 s is the most a missed
 * notification leaves a process on old rates, and cart, shipping and checkout take money at
 * those rates. Pages read it far more often than every 5 s, so the shorter expiry costs them one
 * small read every 5 s.
 */
const priceTables = createCache<'usd', Promise<PriceTable>>({ name: 'price-table', maxEntries: 1, ttlMs: 5_000, clearOn: ['rates'] });

async function readPriceTable(db: Queryable): Promise<PriceTable> {
  const { currencies, rates } = await readCurrenciesAndUsdRates(db);
  const table: PriceTable = {
    currencies: new Map(currencies.map((row) => [row.id, row])),
    usdRates: new Map(rates.map((row) => [row.target_currency_id, Number(row.rate)])),
    exchangeRates: [],
  };
  for (const { target_currency_id: id, rate } of rates.toSorted((a, b) => a.target_currency_id - b.target_currency_id)) {
    const target = table.currencies.get(id);
    if (target)
      table.exchangeRates.push({
        source_currency: { id: CURRENCY.USD },
        target_currency: { id, decimals: target.decimals, simbolo: target.symbol },
        tax: Number(rate),
      });
  }
  table.usdRates.set(CURRENCY.USD, 1);
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
