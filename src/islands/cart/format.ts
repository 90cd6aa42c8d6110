import type { CartNotice } from './cart-store.ts';
import type { Translate } from '#lib/i18n/translator.ts';
import type { CartMessageKey } from '#lib/i18n/cart.ts';

export function toNoticeText(t: Translate<CartMessageKey>, notice: CartNotice): string {
  if (notice.key === 'server') return notice.message ?? t('cartError');
  return t(notice.key, notice.params);
}

/** How long a stock alert stays (spec section 9: 3000 ms). */
export const NOTICE_MS = 3000;

/** The header cart link's accessible name: "Carrinho (3 itens no carrinho)". */
export function getCartLinkLabel(t: Translate<CartMessageKey>, label: string, count: number): string {
  return `${label} (${t('cartCount', { count })})`;
}
