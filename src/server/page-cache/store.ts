// The rendered pages kept in memory, and what a catalogue change drops of them.
import { createCache } from '../cache/index.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';

export interface EncodedBody {
  body: Buffer;
  etag: string;
}

export interface PageEntry {
  status: number;
  /** The page's own headers, without length and encoding (those depend on the answer). */
  headers: Record<string, string | string[]>;
  identity: EncodedBody;
  br: EncodedBody;
  gzip: EncodedBody;
  storedAt: number;
  bytes: number;
}

/**
 * A category is in the menu of every page (the shell), the store's details in its footer and
 * header, and `all` says so itself: those drop everything. Every other tag drops exactly the
 * pages that carry it.
 */
export function dropsEverything(tag: CatalogueTag): boolean {
  return tag === 'all' || tag === 'store' || tag.startsWith('category:');
}

/**
 * Pages at most; bytes bind long before (a seeded product or listing page weighs ~144 kB in its
 * three encodings, so the default 64 MB holds about 440), this only caps the bookkeeping when
 * PAGE_CACHE_MAX_BYTES is set very high.
 */
const MAX_PAGES = 20_000;

/**
 * The rendered pages kept in memory (the one cache primitive, decision 1320): least recently used
 * first out, bounded by bytes, each page until its fresh and stale times have passed; its owner
 * (serve.ts) hands it the catalogue changes, so their epochs and the drop are one step.
 */
export function createPageStore({ maxBytes, keepMs, now }: { maxBytes: number; keepMs: number; now?: () => number }) {
  return createCache<string, PageEntry>({
    name: 'pages',
    maxEntries: MAX_PAGES,
    maxSize: maxBytes,
    sizeOf: (entry) => entry.bytes,
    ...(keepMs > 0 ? { ttlMs: keepMs } : {}),
    ...(now ? { now } : {}),
    clearOn: dropsEverything,
    listens: false,
  });
}
