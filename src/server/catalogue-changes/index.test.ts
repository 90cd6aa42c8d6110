import { describe, expect, it } from 'vitest';
import { announceCatalogueChange, onCatalogueChange } from './index.ts';

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
