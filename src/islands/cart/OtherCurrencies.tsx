import { moneyMessages } from '#lib/i18n/money.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { getOtherCurrencyPrices, type RateLike } from '#lib/money.ts';
import './other-currencies.css';

interface Props {
  /** The amount in major units of `currencyId`, as the cart gives it. */
  amount: number;
  currencyId: number;
  locale: Locale;
  rates: readonly RateLike[];
}

/** The visitor's other currencies under a cart or checkout amount, smaller and muted (decision 1220). */
export default function OtherCurrencies({ amount, currencyId, locale, rates }: Props) {
  const prices = getOtherCurrencyPrices(amount, currencyId, locale, rates);
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
