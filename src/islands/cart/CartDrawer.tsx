import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cartMessages } from '#lib/i18n/cart.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { RateLike } from '#lib/money.ts';
import CartLines from './CartLines.tsx';
import { $cartCount, startCart } from './cart-store.ts';
import { getCartLinkLabel } from './format.ts';
import './cart.css';

interface Props {
  label: string;
  locale: Locale;
  currencyId: number;
  /** Today's USD rates, for the total's other currencies. */
  rates: readonly RateLike[];
  /** On /checkout the drawer does not open (spec section 2): the link goes to /carrinho. */
  blocked: boolean;
}

type DrawerState = 'closed' | 'open' | 'closing';
const CLOSE_MS = 300;
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Header cart button with badge, and the slide-in drawer (closed, open, closing 300 ms). */
export default function CartDrawer({ label, locale, currencyId, rates, blocked }: Props) {
  const t = createTranslator(cartMessages, locale);
  const count = useStore($cartCount);
  const [state, setState] = useState<DrawerState>('closed');
  const trigger = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    void startCart(currencyId);
    return () => clearTimeout(timer.current);
  }, [currencyId]);

  function close() {
    if (state !== 'open') return;
    setState('closing');
    timer.current = setTimeout(() => {
      setState('closed');
      trigger.current?.focus();
    }, CLOSE_MS);
  }

  useEffect(() => {
    if (state !== 'open') return;
    const root = panel.current;
    root?.querySelector<HTMLElement>('.cart-drawer__close')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  });

  function onTrigger(event: React.MouseEvent) {
    if (blocked) return; // follow the link to /carrinho
    event.preventDefault();
    if (state === 'open') close();
    else if (state === 'closed') setState('open');
  }

  return (
    <>
      <a
        ref={trigger}
        href="/carrinho"
        className="header-cart"
        aria-label={getCartLinkLabel(t, label, count)}
        aria-haspopup={blocked ? undefined : 'dialog'}
        aria-expanded={blocked ? undefined : state === 'open'}
        onClick={onTrigger}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4H2V2h4.8l.9 2H21l-3.4 8.2a2 2 0 0 1-1.8 1.3H8.6l-1.1 2H19v2H4.3l2.9-5.3L5.2 4Z"
          />
        </svg>
        <span className="header-cart__label">{label}</span>
        <span className="header-cart__badge" data-testid="cart-badge" data-count={count} aria-hidden="true">
          {count}
        </span>
      </a>
      {state !== 'closed' &&
        createPortal(
          <div className={`cart-drawer cart-drawer--${state}`} data-state={state}>
            <div className="cart-drawer__backdrop" onClick={close} aria-hidden="true" />
            <div ref={panel} className="cart-drawer__panel" role="dialog" aria-modal="true" aria-label={t('cart')}>
              <header className="cart-drawer__head">
                <h2>{t('cart')}</h2>
                <button type="button" className="cart-drawer__close" onClick={close} aria-label={t('closeCart')}>
                  ×
                </button>
              </header>
              <CartLines t={t} locale={locale} rates={rates} onContinue={close} />
            </div>
          </div>,
          // Outside the header: its stacking context would put the drawer under the bottom nav.
          document.body,
        )}
    </>
  );
}
