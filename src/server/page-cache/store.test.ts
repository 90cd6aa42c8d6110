import { describe, expect, it } from 'vitest';
import { PageStore, type PageEntry } from './store.ts';

function entry(bytes: number, tags: string[]): PageEntry {
  const body = { body: Buffer.alloc(0), etag: '"x"' };
  return { status: 200, headers: {}, identity: body, br: body, gzip: body, tags: new Set(tags), storedAt: 0, bytes };
}

describe('PageStore', () => {
  it('drops the least recently used pages when over its bytes', () => {
    const store = new PageStore(300);
    store.set('a', entry(100, []));
    store.set('b', entry(100, []));
    store.get('a'); // a is now more recent than b
    store.set('c', entry(150, []));
    expect([store.get('a') !== undefined, store.get('b') !== undefined, store.get('c') !== undefined]).toEqual([true, false, true]);
    expect(store.usedBytes).toBe(250);
    store.set('huge', entry(301, []));
    expect(store.get('huge')).toBeUndefined();
  });

  it('drops exactly the pages showing a changed tag; a category or `all` drops every page', () => {
    const store = new PageStore(10_000);
    store.set('product-7', entry(10, ['all', 'product:7', 'brand:2']));
    store.set('listing', entry(10, ['all', 'product:7', 'product:8']));
    store.set('product-8', entry(10, ['all', 'product:8']));
    expect(store.invalidate(['product:7'])).toBe(2);
    expect(store.get('product-8')).toBeDefined();
    expect(store.invalidate(['brand:2', 'banners'])).toBe(0);
    expect(store.invalidate(['category:3'])).toBe(1);
    expect(store.size).toBe(0);
    expect(store.usedBytes).toBe(0);
  });
});
