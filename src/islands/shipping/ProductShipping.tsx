import type { PlaceOption } from '#lib/contract/shipping.ts';
import type { Locale } from '#lib/locale.ts';
import ShippingCalculator from './ShippingCalculator.tsx';

/** The es-PY product page's calculator (DECISIONS.md: it calculates, as the cart does). */
export default function ProductShipping({ locale, currencyId, states }: { locale: Locale; currencyId: number; states: PlaceOption[] }) {
  return <ShippingCalculator locale={locale} currencyId={currencyId} mode="product" pickupOnly={false} states={states} />;
}
