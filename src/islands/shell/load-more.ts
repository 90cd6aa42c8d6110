// Phones' load-more on listings (Pagination.astro).
// Part of the one page script (shop-page.ts), so it runs on every shop page and does nothing
// where its markup is absent.
import { loadWithRetries } from '#lib/load-retry.ts';

// Mobile load-more: fetch the next page and append its cards instead of navigating. A failed
// fetch is retried (2 s, 4 s, 6 s); then an error and a retry button that starts over.
const SKELETONS = 8; // spec section 9: skeleton cards on mobile

async function fetchPage(href: string): Promise<Document> {
  const response = await fetch(href, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(String(response.status));
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}

function addSkeletons(grid: Element): HTMLElement[] {
  return Array.from({ length: SKELETONS }, () => {
    const skeleton = document.createElement('div');
    skeleton.className = 'card-skeleton';
    skeleton.setAttribute('aria-hidden', 'true');
    grid.append(skeleton);
    return skeleton;
  });
}

/** Phones' load-more link appends the next page's cards in place. */
export function startLoadMore(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-load-more]')) {
    const label = link.textContent;
    const error = document.querySelector<HTMLElement>('[data-load-error]');
    const loadNextPage = async (event: MouseEvent): Promise<void> => {
      const grid = document.querySelector('[data-product-grid]');
      if (!grid) return;
      event.preventDefault();
      if (link.dataset.busy) return;
      link.dataset.busy = '1';
      link.setAttribute('aria-busy', 'true');
      link.textContent = link.dataset.loading ?? label;
      if (error) error.hidden = true;
      const skeletons = addSkeletons(grid);
      try {
        const doc = await loadWithRetries(() => fetchPage(link.href));
        for (const skeleton of skeletons) skeleton.remove();
        for (const card of doc.querySelectorAll('[data-product-grid] > *')) grid.append(document.importNode(card, true));
        const page = Number(link.dataset.page) + 1;
        const status = document.querySelector<HTMLElement>('[data-pager-status]');
        if (status) status.textContent = (status.dataset.template ?? '').replace('{page}', String(page));
        const next = doc.querySelector<HTMLAnchorElement>('[data-load-more]');
        if (page >= Number(link.dataset.pages) || !next) link.remove();
        else {
          link.href = next.href;
          link.dataset.page = String(page);
        }
        link.textContent = label;
      } catch {
        for (const skeleton of skeletons) skeleton.remove();
        if (error) error.hidden = false;
        link.textContent = link.dataset.retry ?? label;
      } finally {
        delete link.dataset.busy;
        link.removeAttribute('aria-busy');
      }
    };
    link.addEventListener('click', (event) => void loadNextPage(event));
  }
}
