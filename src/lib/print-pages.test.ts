import { describe, expect, it } from 'vitest';
import { toPrintPages } from './print-pages.ts';

describe('print grid pages', () => {
  it('puts 20 items on the first page and 25 on each later one', () => {
    const pages = toPrintPages(Array.from({ length: 71 }, (_, i) => i));
    expect(pages.map((page) => page.length)).toEqual([20, 25, 25, 1]);
    expect(pages[1]?.[0]).toBe(20);
    expect(toPrintPages([])).toEqual([]);
  });
});
