import { describe, expect, it } from 'vitest';
import { announceCatalogueChange } from '../catalogue-changes/index.ts';
import { readProcessMetrics } from '../metrics/index.ts';
import { createCache } from './index.ts';

/** The value of one series as the process's scrape answers it (0 when absent). */
async function readMetric(name: string, labels: Record<string, string>): Promise<number> {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = (await readProcessMetrics())
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) && wanted.every((pair) => row.includes(pair)));
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('cache bounds', () => {
  it('keeps at most maxEntries, the least recently used going first', () => {
    const cache = createCache<string, number>({ name: 'test-entries', maxEntries: 2, listens: false });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a'); // a is now more recent than b
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.entries).toBe(2);
  });

  it('keeps at most maxSize in all, and never an entry larger than that alone', () => {
    const cache = createCache<string, Buffer>({
      name: 'test-bytes',
      maxEntries: 100,
      maxSize: 300,
      sizeOf: (b) => b.length,
      listens: false,
    });
    cache.set('a', Buffer.alloc(100));
    cache.set('b', Buffer.alloc(100));
    cache.get('a');
    cache.set('c', Buffer.alloc(150));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([true, false, true]);
    expect(cache.weight).toBe(250);
    cache.set('a', Buffer.alloc(301)); // too large: not kept, and the older value is gone too
    expect(cache.get('a')).toBeUndefined();
    expect(cache.weight).toBe(150);
  });
});

describe('cache expiry', () => {
  it('serves an entry for ttlMs of its clock (that millisecond included), then reads it as missing', () => {
    let now = 1_000;
    const cache = createCache<string, string>({ name: 'test-expiry', maxEntries: 10, ttlMs: 5_000, now: () => now, listens: false });
    cache.set('rates', 'old');
    now += 5_000;
    expect(cache.get('rates')).toBe('old');
    now += 1;
    expect(cache.get('rates')).toBeUndefined();
    expect(cache.getOrSet('rates', () => 'new')).toBe('new');
  });
});

describe('cache loads', () => {
  it('shares one load between concurrent misses, and forgets a failed one', async () => {
    const cache = createCache<string, Promise<string>>({ name: 'test-loads', maxEntries: 10, listens: false });
    let loads = 0;
    const load = (result: 'ok' | 'fail') => () => {
      loads += 1;
      return result === 'ok' ? Promise.resolve(`value ${loads}`) : Promise.reject(new Error('database away'));
    };
    const failing = [cache.getOrSet('k', load('fail')), cache.getOrSet('k', load('fail'))];
    for (const attempt of failing) await expect(attempt).rejects.toThrow('database away');
    expect(loads).toBe(1);
    const both = await Promise.all([cache.getOrSet('k', load('ok')), cache.getOrSet('k', load('ok'))]);
    expect(both).toEqual(['value 2', 'value 2']);
    expect(await cache.getOrSet('k', load('ok'))).toBe('value 2');
  });
});

describe('cache invalidation by catalogue changes', () => {
  it('drops the entries set with a changed tag, and everything on a tag of its rule or `all`', () => {
    const cache = createCache<string, string>({ name: 'test-tags', maxEntries: 10, clearOn: (tag) => tag.startsWith('category:') });
    cache.set('product-7', 'p7', { tags: ['product:7', 'brand:2'] });
    cache.set('listing', 'l', { tags: ['product:7', 'product:8'] });
    cache.set('product-8', 'p8', { tags: ['product:8'] });
    announceCatalogueChange(['product:7']);
    expect([cache.get('product-7'), cache.get('listing'), cache.get('product-8')]).toEqual([undefined, undefined, 'p8']);
    expect(cache.invalidate(['brand:2', 'banners'])).toBe(0);
    announceCatalogueChange(['category:3']);
    expect(cache.entries).toBe(0);
    cache.set('product-8', 'p8', { tags: ['product:8'] });
    announceCatalogueChange(['all']);
    expect(cache.entries).toBe(0);
  });

  it('empties on the tags it lists and keeps its entries on others; one that does not listen keeps them', () => {
    const rates = createCache<string, number>({ name: 'test-rates', maxEntries: 10, clearOn: ['rates'] });
    const pictures = createCache<string, number>({ name: 'test-pictures', maxEntries: 10, listens: false });
    rates.set('usd', 1);
    pictures.set('p/1', 1);
    announceCatalogueChange(['product:3', 'shipping']);
    expect(rates.get('usd')).toBe(1);
    announceCatalogueChange(['rates']);
    expect(rates.get('usd')).toBeUndefined();
    announceCatalogueChange(['all']);
    expect(pictures.get('p/1')).toBe(1);
  });
});

describe('cache metrics', () => {
  it('count hits, misses and drops by reason, and report entries and weight by cache name', async () => {
    let now = 1_000; // lru-cache reads a start time of 0 as none
    const cache = createCache<string, string>({
      name: 'test-metrics',
      maxEntries: 2,
      maxSize: 100,
      sizeOf: (value) => value.length,
      ttlMs: 1_000,
      now: () => now,
      clearOn: ['banners'],
    });
    cache.get('a');
    cache.set('a', 'aaaa');
    cache.get('a');
    cache.set('b', 'bb');
    cache.set('c', 'c'); // a goes: the entries' bound
    expect(await readMetric('fronteira_cache_entries', { cache: 'test-metrics' })).toBe(2);
    expect(await readMetric('fronteira_cache_bytes', { cache: 'test-metrics' })).toBe(3);
    now += 1_001;
    cache.get('b'); // expired
    announceCatalogueChange(['banners']); // c goes
    const count = (name: string, labels: Record<string, string>) => readMetric(name, { cache: 'test-metrics', ...labels });
    expect(await count('fronteira_cache_requests_total', { outcome: 'hit' })).toBe(1);
    expect(await count('fronteira_cache_requests_total', { outcome: 'miss' })).toBe(2);
    expect(await count('fronteira_cache_evictions_total', { reason: 'size' })).toBe(1);
    expect(await count('fronteira_cache_evictions_total', { reason: 'expired' })).toBe(1);
    expect(await count('fronteira_cache_evictions_total', { reason: 'invalidated' })).toBe(1);
    expect(await readMetric('fronteira_cache_entries', { cache: 'test-metrics' })).toBe(0);
  });
});
