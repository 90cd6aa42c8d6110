import { moneyMessages } from '#lib/i18n/money.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { getOtherCurrencyPrices, type AmountLine, type RateLike } from '#lib/money.ts';
import './other-currencies.css';

interface Props {
  /** The amount's lines in major units of `currencyId`, as the cart gives them (a delivery is one line). */
  lines: readonly AmountLine[];
  currencyId: number;
  locale: Locale;
  rates: readonly RateLike[];
}

/**
 * The visitor's other currencies under a cart or checkout amount, smaller and muted, each as a
 * gateway in that currency would charge these lines (decision 1220).
 */
export default function OtherCurrencies({ lines, currencyId, locale, rates }: Props) {
  const prices = getOtherCurrencyPrices(lines, currencyId, locale, rates);
  if (prices.length === 0) return null;
  return (
    <ul className="other-currencies" aria-label={createTranslator(moneyMessages, locale)('otherCurrencies')} data-testid="other-currencies">
      {prices.map((price) => (
        <li key={price.id} data-currency={price.id}>
          {price.text}
        </li>
      ))}
    </ul>
  );
}
