import { formatPrice, isCurrencyId, toChargedAmount, type AmountLine, type RateLike } from '#lib/money.ts';

/**
 * What the buyer's gateway will charge for these lines (the delivery one of them), in its own
 * currency ('R$ 540,00'): the figure the summary's other currencies show for that currency too,
 * both from `toChargedAmount`, the rule checkout builds the gateway's request with (decision
 * 1220). Null when the gateway charges the cart's own currency or a rate is missing.
 */
export function getGatewayAmountText(
  lines: readonly AmountLine[],
  cartCurrencyId: number,
  gatewayCurrencyId: number | null,
  rates: readonly RateLike[],
): string | null {
  if (gatewayCurrencyId === null || !isCurrencyId(cartCurrencyId) || !isCurrencyId(gatewayCurrencyId)) return null;
  if (gatewayCurrencyId === cartCurrencyId) return null;
  const minor = toChargedAmount(lines, cartCurrencyId, gatewayCurrencyId, rates);
  return minor === null ? null : formatPrice(minor, gatewayCurrencyId);
}
