// Starts the favourites store and writes the header badges (HeaderFavourites.astro).
// Part of the one page script (shop-page.ts), so it runs on every shop page and does nothing
// where its markup is absent.
import { $favouritesCount, startFavourites } from './favourites-store.ts';

/** Loads the favourites and keeps the header badges in step with them. */
export function startHeaderFavourites(): void {
  const link = document.querySelector<HTMLElement>('[data-favourites-link]');
  if (link) {
    void startFavourites(link.dataset.signedIn === '1');
    $favouritesCount.subscribe((count) => {
      document.querySelectorAll<HTMLElement>('[data-favourites-count]').forEach((badge) => {
        badge.textContent = String(count);
        badge.dataset.count = String(count);
      });
    });
  }
}
