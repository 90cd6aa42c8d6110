// The hearts of product cards and pages (FavouriteButton.astro): paint from the store, toggle on
// click. Part of the one page script (shop-page.ts), so it runs on every shop page and does nothing
// where its markup is absent.
import { $favouriteIds, startFavourites, toggleFavourite } from './favourites-store.ts';

const POP_MS = 600;
function paint(button: HTMLButtonElement, ids: readonly number[]) {
  const on = ids.includes(Number(button.dataset.favourite));
  button.setAttribute('aria-pressed', String(on));
  button.setAttribute('aria-label', (on ? button.dataset.labelRemove : button.dataset.labelAdd) ?? '');
}
function paintAll(ids: readonly number[]) {
  document.querySelectorAll<HTMLButtonElement>('button[data-favourite]').forEach((button) => paint(button, ids));
}
/** Paints every heart from the favourites store and toggles a favourite on click. */
export function startFavouriteButtons(): void {
  const first = document.querySelector<HTMLButtonElement>('button[data-favourite]');
  if (first) void startFavourites(first.dataset.signedIn === '1');
  $favouriteIds.subscribe(paintAll);
  const toggleFromButton = async (event: MouseEvent): Promise<void> => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-favourite]');
    if (!button || button.getAttribute('aria-busy') === 'true') return;
    event.preventDefault();
    void startFavourites(button.dataset.signedIn === '1');
    button.setAttribute('aria-busy', 'true');
    try {
      const added = await toggleFavourite(Number(button.dataset.favourite));
      if (added) {
        navigator.vibrate?.(50);
        button.classList.add('is-popping');
        setTimeout(() => button.classList.remove('is-popping'), POP_MS);
      }
      button.dispatchEvent(new CustomEvent('favourite-change', { bubbles: true, detail: { added } }));
    } catch {
      paint(button, $favouriteIds.get());
    } finally {
      button.removeAttribute('aria-busy');
    }
  };
  document.addEventListener('click', (event) => void toggleFromButton(event));
}
