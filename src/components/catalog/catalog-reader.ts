import type { ApiLang, Brand, Category, ExchangeRate, Product, ProductCard, ProductList, Seller } from '#lib/contract/catalog.ts';
import type { CurrencyId } from '#lib/locale.ts';
import { getCatalogService, type ProductsFilter } from '#server/catalog/index.ts';
import { createCache } from '#server/cache/index.ts';

/** What the catalogue pages read from the catalogue service, in the shapes they use. */
export interface CatalogReader {
  listCategories(lang: ApiLang, special: boolean): Promise<Category[]>;
  /** All brands, or those with products in one category (the listing's brand filter). */
  listBrands(lang: ApiLang, categoryId?: number): Promise<Brand[]>;
  getBrandBySlug(slug: string): Promise<Brand | null>;
  listProducts(request: Partial<ProductsFilter>): Promise<ProductList>;
  getProduct(idOrSlug: string, lang: ApiLang, currencyId?: CurrencyId): Promise<Product | null>;
  /** In-stock products of the product's brand, the product itself left out (the related row). */
  listRelated(product: { id: number; brandId: number }, lang: ApiLang, limit: number, currencyId?: CurrencyId): Promise<ProductCard[]>;
  listTeam(lang: ApiLang): Promise<Seller[]>;
  getExchangeRates(): Promise<ExchangeRate[]>;
}

/**
 * Categories and brands (with the brands of each category: the listing's filter) change only
 * with the catalogue, and a listing or search page asked for them up to three times: read at
 * most this often, and again after any catalogue change (this process's writes at once, other
 * processes' and plain SQL through NOTIFY), as the shell's categories (shell-data.ts).
 */
const memos = createCache<string, Promise<unknown>>({ name: 'catalog-reader', maxEntries: 1_000, ttlMs: 30_000, clearOn: 'any' });

function recall<T>(key: string, read: () => Promise<T>): Promise<T> {
  return memos.getOrSet(key, read) as Promise<T>;
}

export function getCatalogReader(): CatalogReader {
  const service = getCatalogService();
  return {
    listCategories: (lang, special) =>
      recall(`categories:${lang}:${special}`, () => service.listCategories(lang, { special: special ? 'only' : 'exclude' })),
    listBrands: (lang, categoryId) =>
      recall(`brands:${lang}:${categoryId ?? ''}`, () => service.listBrands(lang, categoryId === undefined ? {} : { categoryId })),
    getBrandBySlug: (slug) => service.getBrandBySlug(slug),
    listProducts: (request) => service.listProducts(request),
    getProduct: (idOrSlug, lang, currencyId) =>
      service.getProductDetails(/^\d+$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug, lang, currencyId),
    listRelated: (product, lang, limit, currencyId) => service.listRelatedProducts(product, lang, limit, currencyId),
    listTeam: (lang) => service.listTeam(lang),
    getExchangeRates: () => service.getExchangeRates(),
  };
}
