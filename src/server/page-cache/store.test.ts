import { describe, expect, it } from 'vitest';
import { createPageStore, type PageEntry } from './store.ts';

function entry(bytes: number): PageEntry {
  const body = { body: Buffer.alloc(0), etag: '"x"' };
  return { status: 200, headers: {}, identity: body, br: body, gzip: body, storedAt: 0, bytes };
}

describe('page store', () => {
  it('drops exactly the pages showing a changed tag; a category or `all` drops every page', () => {
    const store = createPageStore({ maxBytes: 10_000, keepMs: 60_000 });
    store.set('product-7', entry(10), { tags: ['all', 'product:7', 'brand:2'] });
    store.set('listing', entry(10), { tags: ['all', 'product:7', 'product:8'] });
    store.set('product-8', entry(10), { tags: ['all', 'product:8'] });
    expect(store.invalidate(['product:7'])).toBe(2);
    expect(store.get('product-8')).toBeDefined();
    expect(store.invalidate(['brand:2', 'banners'])).toBe(0);
    expect(store.invalidate(['category:3'])).toBe(1);
    expect(store.entries).toBe(0);
    expect(store.weight).toBe(0);
  });
});
