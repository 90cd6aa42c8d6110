/** Decimals of each currency (currencies table) and USD rates: one U$ buys `rate` units. */
export interface PricingTable {
  decimals: Map<number, number>;
  usdRates: Map<number, number>;
}

/**
 * A product price in its own currency, converted into the cart currency through USD
 * (DECISIONS.md), rounded to the target's minor unit.
 */
export function convertMinor(amountMinor: number, fromId: number, toId: number, table: PricingTable): number {
  if (fromId === toId) return amountMinor;
  const fromDecimals = table.decimals.get(fromId) ?? 2;
  const toDecimals = table.decimals.get(toId) ?? 2;
  const fromRate = fromId === 2 ? 1 : table.usdRates.get(fromId);
  const toRate = toId === 2 ? 1 : table.usdRates.get(toId);
  if (!fromRate || !toRate) throw new Error(`no exchange rate between currencies ${fromId} and ${toId}`);
  const major = amountMinor / 10 ** fromDecimals / fromRate * toRate;
  return Math.round(major * 10 ** toDecimals);
}
