// Starts the cart store and writes the header badge and link label (HeaderCart.astro) without
// React. Part of the one page script (shop-page.ts), so it runs on every shop page and does nothing
// where its markup is absent.
import { $cartCount, startCart } from './cart-store.ts';
import { getCartLinkLabel } from './format.ts';
import { cartMessages } from '#lib/i18n/cart.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toPageLocale } from '#lib/locale.ts';

/** Loads the cart and keeps the header badge and the link's label in step with it. */
export function startHeaderCart(): void {
  const slot = document.querySelector<HTMLElement>('[data-header-cart]');
  if (slot) {
    const t = createTranslator(cartMessages, toPageLocale(document.documentElement.lang));
    void startCart(Number(slot.dataset.currency));
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
