import { useEffect, useRef, useState } from 'react';
import { getMaxQuantity, type CartView } from '#lib/contract/cart.ts';
import type { CartMessageKey } from '#lib/i18n/cart.ts';
import type { Translate } from '#lib/i18n/translator.ts';
import { $cart, $cartStatus, clearCart, removeFromCart, setQuantity, type CartNotice } from './cart-store.ts';
import type { Locale } from '#lib/locale.ts';
import { formatAmount, type RateLike } from '#lib/money.ts';
import OtherCurrencies from './OtherCurrencies.tsx';
import { NOTICE_MS, toNoticeText } from './format.ts';
import { useSharedStore } from '../shell/use-shared-store.ts';

interface Props {
  t: Translate<CartMessageKey>;
  locale: Locale;
  /** Today's USD rates: the total's other currencies are shown under it (decision 1220). */
  rates: readonly RateLike[];
  /** Where "continue shopping" goes; the drawer passes a close handler instead. */
  onContinue?: () => void;
  showCheckout?: boolean;
  /** Shown while the store has not loaded yet (server rendering of /carrinho). */
  initialCart?: CartView | null;
}

const CONFIRM_MS = 3000;

/** The cart's lines, total, clear-cart with confirmation and the two exits: drawer and /carrinho. */
export default function CartLines({ t, locale, rates, onContinue, showCheckout = true, initialCart = null }: Props) {
  const stored = useSharedStore($cart);
  const storeStatus = useSharedStore($cartStatus);
  const early = storeStatus === 'idle' || storeStatus === 'loading';
  const cart = early && initialCart ? initialCart : stored;
  const status = early && initialCart ? 'ready' : storeStatus;
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const confirmTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(confirmTimer.current);
      clearTimeout(noticeTimer.current);
    },
    [],
  );

  function warn(productId: number, n: CartNotice) {
    setNotice({ id: productId, text: toNoticeText(t, n) });
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }
  async function run(productId: number, work: () => Promise<{ ok: boolean; notice?: CartNotice }>) {
    setBusyId(productId);
    const result = await work();
    setBusyId(null);
    if (result.notice) warn(productId, result.notice);
  }
  function onClear() {
    if (!confirming) {
      setConfirming(true);
      confirmTimer.current = setTimeout(() => setConfirming(false), CONFIRM_MS);
      return;
    }
    clearTimeout(confirmTimer.current);
    setConfirming(false);
    clearCart();
  }

  if (status === 'idle' || status === 'loading') {
    return (
      <div className="cart-lines cart-lines--skeleton" role="status" aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((n) => (
          <div key={n} className="cart-skeleton" />
        ))}
      </div>
    );
  }
  // Back to the shop: closes the drawer where there is one, else a link to the products.
  const continueShopping = onContinue ? (
    <button type="button" className="cart-btn cart-btn--ghost" onClick={onContinue}>
      {t('continueShopping')}
    </button>
  ) : (
    <a className="cart-btn cart-btn--ghost" href="/produtos">
      {t('continueShopping')}
    </a>
  );
  const items = (cart?.itens ?? []).filter((item) => item.ativo);
  if (!cart || items.length === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty__title">{t('emptyCart')}</p>
        <p>{t('emptyCartHint')}</p>
        {continueShopping}
      </div>
    );
  }
  return (
    <div className="cart-lines">
      <ul className="cart-items">
        {items.map((item) => {
          const max = getMaxQuantity(item.produto.qtde_disponivel);
          const image = item.produto.imagens[0]?.url;
          const href = `/produto/${encodeURIComponent(item.produto.slug || String(item.produto_id))}`;
          return (
            <li key={item.produto_id} className="cart-item" data-product-id={item.produto_id} aria-busy={busyId === item.produto_id}>
              <a className="cart-item__img" href={href} tabIndex={-1} aria-hidden="true">
                {image ? <img src={image} alt="" width={64} height={64} loading="lazy" /> : <span />}
              </a>
              <div className="cart-item__body">
                <a className="cart-item__name" href={href}>
                  {item.produto.nome}
                </a>
                <span className="cart-item__code">{t('code', { code: item.produto.codigo })}</span>
                <span className="cart-item__price">{formatAmount(item.valor_unitario, cart.moeda_id)}</span>
                <div className="cart-item__controls">
                  <div className="cart-qty" role="group" aria-label={t('quantity')}>
                    <button
                      type="button"
                      aria-label={t('decrease')}
                      disabled={item.qtde <= 1 || busyId !== null}
                      onClick={() => run(item.produto_id, () => setQuantity(item.produto_id, item.qtde - 1))}
                    >
                      −
                    </button>
                    <output aria-live="polite" data-testid="cart-qty">
                      {item.qtde}
                    </output>
                    <button
                      type="button"
                      aria-label={t('increase')}
                      disabled={busyId !== null}
                      onClick={() =>
                        item.qtde >= max
                          ? warn(item.produto_id, { key: 'stockMax', params: { n: max } })
                          : run(item.produto_id, () => setQuantity(item.produto_id, item.qtde + 1))
                      }
                    >
                      +
                    </button>
                  </div>
                  <button
                    type="button"
                    className="cart-item__remove"
                    aria-label={t('removeItem', { name: item.produto.nome })}
                    disabled={busyId !== null}
                    onClick={() => run(item.produto_id, () => removeFromCart(item.produto_id))}
                  >
                    {t('remove')}
                  </button>
                </div>
                {notice?.id === item.produto_id && (
                  <p className="cart-item__notice" role="status">
                    {notice.text}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="cart-summary">
        <button type="button" className="cart-clear" onClick={onClear} aria-live="polite">
          {confirming ? t('confirmClear') : t('clearCart')}
        </button>
        <div className="cart-total">
          <span>{t('total')}</span>
          <div className="cart-total__amounts">
            <strong data-testid="cart-total">{formatAmount(cart.valor_total, cart.moeda_id)}</strong>
            <OtherCurrencies lines={items} currencyId={cart.moeda_id} locale={locale} rates={rates} />
          </div>
        </div>
        <div className="cart-actions">
          {continueShopping}
          {showCheckout && (
            <a className="cart-btn cart-btn--primary" href="/checkout">
              {t('checkout')}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
