// The one in-process cache (issue 30 point 3, decision 1320): every cache of the shop is one of
// these. Bounded (entries, and a size such as bytes), with an expiry, tags on entries, emptied or
// trimmed by the catalogue-change signal (this process at once, the others through the NOTIFY
// relay), and counted in the metrics (fronteira_cache_*). The least-recently-used part is
// lru-cache's. Infrastructure: no five-file shape.
import { LRUCache } from 'lru-cache';
import { onCatalogueChange, type CatalogueTag } from '../catalogue-changes/index.ts';
import { getCacheCounts, watchCacheSize, type CacheDropReason } from '../metrics/index.ts';

/** Which catalogue changes empty the whole cache: any change, the tags listed, or those a rule picks. */
export type ClearRule = 'any' | readonly CatalogueTag[] | ((tag: CatalogueTag) => boolean);

export interface CacheOptions<V, K = string | number> {
  /** Its label in the metrics; caches of one name (one per service or database) add up. */
  name: string;
  /** At most this many entries; the least recently used goes first. */
  maxEntries: number;
  /** With `sizeOf`: at most this much in all (the page cache: bytes); an entry larger alone is not kept. */
  maxSize?: number;
  sizeOf?: (value: V, key: K) => number;
  /** How long an entry is served; without it, until its bound or a change drops it. */
  ttlMs?: number;
  /**
   * Catalogue changes that empty it (`all` always does, when it listens). Whatever the rule, a
   * change naming a tag an entry was set with drops that entry.
   */
  clearOn?: ClearRule;
  /**
   * false: no catalogue change concerns it (a drawing made from its address, a postal code the
   * outside service answered), or its owner calls `invalidate` itself (the page cache).
   */
  listens?: boolean;
  /** Milliseconds of the clock the expiry reads (tests). */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
}

const NO_TAGS: readonly string[] = [];

function toClearTest(rule: ClearRule | undefined): (tag: CatalogueTag) => boolean {
  if (rule === 'any') return () => true;
  if (typeof rule === 'function') return (tag) => tag === 'all' || rule(tag);
  const listed = new Set<string>(rule ?? []);
  return (tag) => tag === 'all' || listed.has(tag);
}

export interface Cache<K extends string | number, V> {
  readonly name: string;
  readonly entries: number;
  readonly weight: number | null;
  /** The value while it is fresh; counted as a hit or a miss. */
  get(key: K): V | undefined;
  set(key: K, value: V, options?: { tags?: Iterable<string> }): void;
  /**
   * The value, or what `make` makes, kept. A promise is kept as it is, so concurrent misses of a
   * key share one load; a rejected one is dropped (the next read tries again).
   */
  getOrSet(key: K, make: () => V, options?: { tags?: Iterable<string> }): V;
  delete(key: K): void;
  clear(): void;
  /** Drops what a change of `tags` makes stale (see `clearOn`); returns how many entries. */
  invalidate(tags: readonly CatalogueTag[]): number;
}

export function createCache<K extends string | number, V>(options: CacheOptions<V, K>): Cache<K, V> {
  const { name, sizeOf } = options;
  const counts = getCacheCounts(name);
  const clearsAll = toClearTest(options.clearOn);
  const keysByTag = new Map<string, Set<K>>();
  let invalidating = false;

  function unindex(key: K, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  const lru = new LRUCache<K, Entry<V>>({
    max: options.maxEntries,
    ...(options.maxSize !== undefined && sizeOf
      ? { maxSize: options.maxSize, sizeCalculation: (entry, key) => Math.max(1, sizeOf(entry.value, key)) }
      : {}),
    ...(options.ttlMs !== undefined ? { ttl: options.ttlMs, ttlResolution: 0 } : {}),
    ...(options.now ? { perf: { now: options.now } } : {}),
    dispose(entry, key, reason) {
      unindex(key, entry.tags);
      const dropped: CacheDropReason | null =
        reason === 'evict' ? 'size' : reason === 'expire' ? 'expired' : invalidating ? 'invalidated' : null;
      if (dropped) counts.drops[dropped] += 1;
    },
  });

  function set(key: K, value: V, tags: Iterable<string> = NO_TAGS): void {
    const entry: Entry<V> = { value, tags: [...tags] };
    lru.set(key, entry);
    if (lru.peek(key, { allowStale: true }) !== entry) return; // larger than the whole bound: not kept
    for (const tag of entry.tags) {
      let keys = keysByTag.get(tag);
      if (!keys) keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  function read(key: K): Entry<V> | undefined {
    const entry = lru.get(key);
    if (entry) counts.hits += 1;
    else counts.misses += 1;
    return entry;
  }

  function invalidate(tags: readonly CatalogueTag[]): number {
    const before = lru.size;
    invalidating = true;
    try {
      if (tags.some(clearsAll)) lru.clear();
      else for (const tag of tags) for (const key of [...(keysByTag.get(tag) ?? [])]) lru.delete(key);
    } finally {
      invalidating = false;
    }
    return before - lru.size;
  }

  if (options.listens !== false) onCatalogueChange(invalidate);

  const cache: Cache<K, V> = {
    name,
    get entries() {
      return lru.size;
    },
    get weight() {
      return sizeOf ? lru.calculatedSize : null;
    },
    get: (key) => read(key)?.value,
    set: (key, value, setOptions) => set(key, value, setOptions?.tags),
    getOrSet(key, make, setOptions) {
      const hit = read(key);
      if (hit) return hit.value;
      const value = make();
      set(key, value, setOptions?.tags);
      if (value instanceof Promise) {
        value.catch(() => {
          if (lru.peek(key, { allowStale: true })?.value === value) lru.delete(key);
        });
      }
      return value;
    },
    delete: (key) => void lru.delete(key),
    clear: () => lru.clear(),
    invalidate,
  };
  watchCacheSize(cache);
  return cache;
}

/**
 * One cache per owner (a database: some tests run several in one process), made on first use with
 * `options`; a cache that listens lives as long as the process, so owners should be few.
 */
export function createCachePerOwner<K extends string | number, V>(options: CacheOptions<V, K>): (owner: object) => Cache<K, V> {
  const caches = new WeakMap<object, Cache<K, V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = createCache<K, V>(options)));
    return cache;
  };
}
