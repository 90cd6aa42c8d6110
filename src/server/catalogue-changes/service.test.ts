import { describe, expect, it } from 'vitest';
import { announceCatalogueChange, onCatalogueChange, readNotifyPayload, toNotifyPayload } from './service.ts';

describe('catalogue change signal', () => {
  it('reaches every listener with the tags, and no longer reaches a removed one', () => {
    const seen: string[][] = [];
    const stop = onCatalogueChange((tags) => seen.push([...tags]));
    announceCatalogueChange(['product:7', 'rates']);
    stop();
    announceCatalogueChange(['banners']);
    expect(seen).toEqual([['product:7', 'rates']]);
  });

  it('announces nothing for an empty change', () => {
    let calls = 0;
    const stop = onCatalogueChange(() => calls++);
    announceCatalogueChange([]);
    stop();
    expect(calls).toBe(0);
  });
});

describe('catalogue NOTIFY payloads', () => {
  it('carry the tags and the sender, who skips its own echo', () => {
    const payload = toNotifyPayload('p1', ['product:12', 'rates']);
    expect(readNotifyPayload(payload, 'p2')).toEqual(['product:12', 'rates']);
    expect(readNotifyPayload(payload, 'p1')).toBeNull();
  });

  it('read a manual NOTIFY, and take anything unreadable or empty as `all`', () => {
    expect(readNotifyPayload('product:12, brand:3', 'p')).toEqual(['product:12', 'brand:3']);
    expect(readNotifyPayload('', 'p')).toEqual(['all']);
    expect(readNotifyPayload('product:abc', 'p')).toEqual(['all']);
  });

  it('send `all` when the tags would not fit in a NOTIFY payload', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `product:${i + 1}` as const);
    expect(toNotifyPayload('p1', many)).toBe('from:p1 all');
  });
});
