// Starts the cart store and writes the header badge and link label (HeaderCart.astro) without
// React. Part of the one page script (shop-page.ts), so it runs on every shop page and does nothing
// where its markup is absent.
import { $cartCount, startCart } from './cart-store.ts';
import { getCartLinkLabel } from './format.ts';
import { cartMessages, type CartMessageKey } from '#lib/i18n/cart.ts';
import { createTranslator, type Translate } from '#lib/i18n/translator.ts';
import { toPageLocale } from '#lib/locale.ts';
import { readPageCookie, writePageCookie } from '../stored-state.ts';
import { showToast } from '../shell/notices.ts';

/** Set by the server when signing in merged this browser's cart into the account's (cart/routes.ts). */
const CART_MERGED_COOKIE = 'fronteira_cart_merged';

/** Loads the cart and keeps the header badge and the link's label in step with it. */
export function startHeaderCart(): void {
  const slot = document.querySelector<HTMLElement>('[data-header-cart]');
  if (slot) {
    const t = createTranslator(cartMessages, toPageLocale(document.documentElement.lang));
    void startCart(Number(slot.dataset.currency));
    showMergeNotice(t);
    $cartCount.subscribe((count) => {
      // Once hydrated, React renders the same values from the same store.
      const link = slot.querySelector<HTMLElement>('.header-cart');
      const badge = slot.querySelector<HTMLElement>('[data-testid="cart-badge"]');
      link?.setAttribute('aria-label', getCartLinkLabel(t, slot.dataset.label ?? '', count));
      if (badge) {
        badge.textContent = String(count);
        badge.dataset.count = String(count);
      }
    });
  }
}

/** Tells the shopper, once, what signing in did to the cart this browser held. */
function showMergeNotice(t: Translate<CartMessageKey>): void {
  const value = readPageCookie(CART_MERGED_COOKIE);
  if (!value) return;
  writePageCookie(CART_MERGED_COOKIE, '', 0);
  let notice: { n?: unknown; capped?: unknown; dropped?: unknown };
  try {
    notice = JSON.parse(decodeURIComponent(value)) as typeof notice;
  } catch {
    return;
  }
  const names = (list: unknown) => (Array.isArray(list) ? list.filter((name) => typeof name === 'string').join(', ') : '');
  const added = Number(notice.n) || 0;
  const parts = added > 0 ? [t('cartMerged', { n: added })] : [];
  if (names(notice.capped)) parts.push(t('cartMergedCapped', { names: names(notice.capped) }));
  if (names(notice.dropped)) parts.push(t('cartMergedDropped', { names: names(notice.dropped) }));
  if (parts.length === 0) return;
  showToast(parts.join(' '), names(notice.capped) || names(notice.dropped) ? 'warning' : 'info', 12_000);
}
