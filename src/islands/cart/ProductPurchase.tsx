import { useEffect, useRef, useState } from 'react';
import { getMaxQuantity } from '#lib/contract/cart.ts';
import { cartMessages } from '#lib/i18n/cart.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { $cart, addToCart, getQuantityInCart, startCart, type CartNotice } from './cart-store.ts';
import { NOTICE_MS, toNoticeText } from './format.ts';
import './purchase.css';
import { useSharedStore } from '../shell/use-shared-store.ts';

interface Props {
  product: { id: number; qtde_disponivel: number; tem_estoque?: boolean };
  locale: Locale;
  currencyId: number;
}

/**
 * Product page purchase box: quantity 1..min(99, stock) minus what the cart already holds,
 * add button, and the stock alerts of spec section 5 shown for 3 s.
 */
export default function ProductPurchase({ product, locale, currencyId }: Props) {
  const t = createTranslator(cartMessages, locale);
  const cart = useSharedStore($cart);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; tone: 'ok' | 'warn' } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    void startCart(currencyId);
    return () => clearTimeout(timer.current);
  }, [currencyId]);

  const inCart = cart ? getQuantityInCart(product.id) : 0;
  const max = getMaxQuantity(product.tem_estoque === false ? 0 : product.qtde_disponivel);
  const room = Math.max(0, max - inCart);

  function show(text: string, tone: 'ok' | 'warn') {
    setNotice({ text, tone });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }
  function warn(n: CartNotice) {
    show(toNoticeText(t, n), 'warn');
  }
  function change(next: number) {
    if (!Number.isFinite(next)) return;
    const whole = Math.floor(next);
    if (whole < 1) return setQuantity(1);
    if (whole > room) {
      setQuantity(Math.max(1, room));
      return warn(inCart > 0 ? { key: 'stockTotalExceeds', params: { n: max, m: inCart } } : { key: 'stockMax', params: { n: max } });
    }
    setQuantity(whole);
  }
  async function add() {
    if (max === 0) return warn({ key: 'noStock' });
    if (quantity > room) return warn({ key: 'stockTotalExceeds', params: { n: max, m: inCart } });
    setBusy(true);
    const result = await addToCart(product, quantity);
    setBusy(false);
    if (!result.ok) return warn(result.notice);
    if (result.notice) return warn(result.notice);
    setQuantity(1);
    show(t('added'), 'ok');
  }

  if (max === 0) {
    return (
      <p className="purchase__out" role="status">
        {t('noStock')}
      </p>
    );
  }
  return (
    <div className="purchase">
      <div className="purchase__row">
        <div className="purchase__qty" role="group" aria-label={t('quantity')}>
          <button type="button" onClick={() => change(quantity - 1)} disabled={quantity <= 1} aria-label={t('decrease')}>
            −
          </button>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, room)}
            step={1}
            value={quantity}
            aria-label={t('quantity')}
            onChange={(event) => change(Number(event.currentTarget.value))}
          />
          <button type="button" onClick={() => change(quantity + 1)} aria-label={t('increase')}>
            +
          </button>
        </div>
        <button type="button" className="purchase__add" onClick={add} disabled={busy} aria-busy={busy}>
          {busy ? t('adding') : t('addToCart')}
        </button>
      </div>
      {inCart > 0 && <p className="purchase__incart">{t('inCart', { count: inCart })}</p>}
      <p className={`purchase__notice purchase__notice--${notice?.tone ?? 'ok'}`} role="status" aria-live="polite">
        {notice?.text ?? ''}
      </p>
    </div>
  );
}
