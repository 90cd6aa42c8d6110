/**
 * One signal for "the catalogue changed". Every cache of catalogue data (in-process data caches,
 * and the rendered-page cache) listens; every writer (panel edits, imports, the ERP API, checkout
 * stock changes) announces after its transaction commits, naming what changed with tags:
 * `product:<id>`, `category:<id>`, `brand:<id>`, `banners`, `rates`, `sellers`, `shipping`, or
 * `all` when too much changed to list.
 *
 * Listeners run synchronously in this process, so the writer's next page already reads fresh data.
 * Other processes learn of it through PostgreSQL NOTIFY (the page-cache work of issue 21).
 */
export type CatalogueTag = `product:${number}` | `category:${number}` | `brand:${number}` | 'banners' | 'rates' | 'sellers' | 'shipping' | 'all';

type CatalogueListener = (tags: readonly CatalogueTag[]) => void;

// On globalThis: server.mjs loads the fast routes from src while Astro runs its bundled copy of
// the same modules (decision 0206), and a change announced in one copy must reach both copies' caches.
const registry = globalThis as { [key: symbol]: Set<CatalogueListener> | undefined };
const LISTENERS = Symbol.for('fronteira.catalogue-change-listeners');
const listeners = (registry[LISTENERS] ??= new Set<CatalogueListener>());

/** Registers a listener; returns the function that removes it. */
export function onCatalogueChange(listener: CatalogueListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener of this process what changed. Call after the write has committed. */
export function announceCatalogueChange(tags: readonly CatalogueTag[]): void {
  if (tags.length === 0) return;
  for (const listener of listeners) listener(tags);
}
