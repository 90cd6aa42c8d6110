import { formatPrice, isCurrencyId, toGatewayCharge, toMinor } from '#lib/money.ts';

/** The gateway's currency and today's USD rates, as the checkout page passes them (decision 1220). */
export interface GatewayPricing {
  currencyId: number;
  usdRates: Array<[number, number]>;
}

/**
 * What the buyer's gateway will charge for these lines and this delivery, in its own currency
 * ('R$ 540,00'), by the very `toGatewayCharge` checkout builds the gateway's request with. Null
 * when the gateway charges the cart's own currency or a rate is missing.
 */
export function getGatewayAmountText(
  items: ReadonlyArray<{ valor_unitario: number; qtde: number }>,
  freight: number,
  cartCurrencyId: number,
  gateway: GatewayPricing | null,
): string | null {
  if (!gateway || !isCurrencyId(cartCurrencyId) || !isCurrencyId(gateway.currencyId) || gateway.currencyId === cartCurrencyId) return null;
  const lines = items.map((item) => ({ unitMinor: toMinor(item.valor_unitario, cartCurrencyId), quantity: item.qtde }));
  if (freight > 0) lines.push({ unitMinor: toMinor(freight, cartCurrencyId), quantity: 1 });
  const charge = toGatewayCharge(lines, cartCurrencyId, gateway.currencyId, new Map(gateway.usdRates));
  return charge && formatPrice(charge.amountMinor, gateway.currencyId);
}
