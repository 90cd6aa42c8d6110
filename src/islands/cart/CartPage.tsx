import { useEffect } from 'react';
import { cartMessages } from '#lib/i18n/cart.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { RateLike } from '#lib/money.ts';
import CartLines from './CartLines.tsx';
import type { CartView } from '#lib/contract/cart.ts';
import { startCart } from './cart-store.ts';
import './cart.css';

/** /carrinho: the drawer's contents as a page (DECISIONS.md: same rules as the drawer). */
interface Props {
  locale: Locale;
  currencyId: number;
  /** Today's USD rates, for the total's other currencies. */
  rates: readonly RateLike[];
  /** The server's rendering of the cart until the store has loaded it. */
  initialCart?: CartView | null;
}

export default function CartPage({ locale, currencyId, rates, initialCart = null }: Props) {
  const t = createTranslator(cartMessages, locale);
  useEffect(() => {
    void startCart(currencyId);
  }, [currencyId]);
  return (
    <div className="cart-page">
      <CartLines t={t} locale={locale} rates={rates} initialCart={initialCart} />
    </div>
  );
}
