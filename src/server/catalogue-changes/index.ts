/**
 * One signal for "the catalogue changed". Every cache of catalogue data (in-process data caches,
 * and the rendered-page cache) listens; every writer (panel edits, imports, the ERP API, checkout
 * stock changes) announces after its transaction commits, naming what changed with tags:
 * `product:<id>`, `category:<id>`, `brand:<id>`, `banners`, `rates`, `sellers`, `shipping`, or
 * `all` when too much changed to list.
 *
 * Listeners run synchronously in this process, so the writer's next page already reads fresh data.
 * Other processes learn of it through PostgreSQL NOTIFY on the channel `catalogue_changed`
 * (relay.ts): the announcement is published there too, and each process's one LISTEN connection
 * hands what others (or a manual `NOTIFY catalogue_changed, 'product:12'`) announce to its listeners.
 */
export type CatalogueTag =
  `product:${number}` | `category:${number}` | `brand:${number}` | 'banners' | 'rates' | 'sellers' | 'shipping' | 'all';

type CatalogueListener = (tags: readonly CatalogueTag[]) => void;
type CataloguePublisher = (tags: readonly CatalogueTag[]) => void;

// On globalThis: server.mjs loads the fast routes and the page cache from src while Astro runs its
// bundled copy of the same modules, and a change announced in one copy must reach both copies'
// caches (and leave through the one relay).
const globalKey = Symbol.for('fronteira.catalogueChanges');
interface SharedState {
  listeners: Set<CatalogueListener>;
  publisher: CataloguePublisher | null;
}
type GlobalWithState = typeof globalThis & { [globalKey]?: SharedState };

function getState(): SharedState {
  const holder = globalThis as GlobalWithState;
  holder[globalKey] ??= { listeners: new Set(), publisher: null };
  return holder[globalKey];
}

const TAG = /^(?:(?:product|category|brand):[1-9]\d{0,9}|banners|rates|sellers|shipping|all)$/;

export function isCatalogueTag(value: string): value is CatalogueTag {
  return TAG.test(value);
}

/** Registers a listener; returns the function that removes it. */
export function onCatalogueChange(listener: CatalogueListener): () => void {
  const { listeners } = getState();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's listeners only (what the LISTEN connection received from elsewhere). */
export function dispatchCatalogueChange(tags: readonly CatalogueTag[]): void {
  if (tags.length === 0) return;
  for (const listener of getState().listeners) listener(tags);
}

/** Tells every listener of this process, then the other processes. Call after the write has committed. */
export function announceCatalogueChange(tags: readonly CatalogueTag[]): void {
  if (tags.length === 0) return;
  dispatchCatalogueChange(tags);
  getState().publisher?.(tags);
}

/** The relay's way out to other processes (null: this process alone, as in unit tests). */
export function setCataloguePublisher(publisher: CataloguePublisher | null): void {
  getState().publisher = publisher;
}
