import type { Queryable } from '../db/client.ts';

export interface CurrencyRow {
  id: number;
  symbol: string;
  decimals: number;
}

/** Every currency, and what one USD buys of each (source currency 2): what price conversion needs. */
export async function readCurrenciesAndUsdRates(
  db: Queryable,
): Promise<{ currencies: CurrencyRow[]; rates: Array<{ target_currency_id: number; rate: number }> }> {
  const [currencies, rates] = await Promise.all([
    db.query<CurrencyRow>('SELECT id, symbol, decimals FROM currencies'),
    db.query<{ target_currency_id: number; rate: number }>(
      'SELECT target_currency_id, rate FROM exchange_rates WHERE source_currency_id = 2',
    ),
  ]);
  return { currencies: currencies.rows, rates: rates.rows };
}
