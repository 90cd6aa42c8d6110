import { describe, expect, it } from 'vitest';
import { getPageCount, getPageWindow, readListingParams, toListingSearch, toProductsOrder } from './catalog-listing.ts';

describe('listing parameters', () => {
  it('reads the spec parameters and ignores bad values', () => {
    const params = readListingParams(
      new URLSearchParams('text=%20furadeira%20&page=3&sort=nome:desc&brandSlug=4,2,x&brandSlug=9&disponivel=1'),
    );
    expect(params).toEqual({ text: 'furadeira', page: 3, sort: 'nome:desc', brandIds: [2, 4, 9], news: false, inStockOnly: true });
    const bad = readListingParams(new URLSearchParams('page=-2&sort=drop:table&order=codigo_desc'));
    expect(bad).toMatchObject({ page: 1, sort: null, news: true, brandIds: [] });
  });

  it('maps the sort option to order_by/order, newest first by default', () => {
    expect(toProductsOrder(null)).toEqual({ order_by: 'id', order: 'desc' });
    expect(toProductsOrder('valor_venda:asc')).toEqual({ order_by: 'valor_venda', order: 'asc' });
  });

  it('writes links back, leaving page 1 out', () => {
    const params = readListingParams(new URLSearchParams('sort=valor_venda:desc&brandSlug=2,3&page=4'));
    expect(toListingSearch(params, { page: 1 })).toBe('?sort=valor_venda%3Adesc&brandSlug=2%2C3');
    expect(toListingSearch(readListingParams(new URLSearchParams('')))).toBe('');
  });
});

describe('pagination window', () => {
  it('centres up to 5 numbers on the current page and stays in range', () => {
    expect(getPageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(getPageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(getPageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(getPageCount(0)).toBe(1);
    expect(getPageCount(41)).toBe(3);
  });
});
