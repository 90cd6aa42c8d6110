// The rendered pages kept in memory: least recently used first out, bounded by bytes, with an
// index from catalogue tag to the pages that show it.
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { countPageCacheEviction } from '../metrics/index.ts';

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
  tags: ReadonlySet<string>;
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

export class PageStore {
  private readonly entries = new Map<string, PageEntry>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;

  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): PageEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key); // most recently used goes last
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: PageEntry): void {
    this.delete(key);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
      countPageCacheEviction();
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** Drops the pages that show any of `tags`; returns how many. */
  invalidate(tags: readonly CatalogueTag[]): number {
    if (tags.some(dropsEverything)) {
      const count = this.entries.size;
      this.entries.clear();
      this.byTag.clear();
      this.bytes = 0;
      return count;
    }
    let count = 0;
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        this.delete(key);
        count += 1;
      }
    }
    return count;
  }
}
