import type {
  ApiLang,
  Brand,
  Category,
  ExchangeRate,
  Product,
  ProductCard,
  ProductList,
  ProductsQuery,
  Seller,
} from '#lib/contract/catalog.ts';
import type { CurrencyId } from '#lib/locale.ts';
import { getCatalogService } from '#server/catalog/index.ts';

/** What the catalogue pages read from the catalogue service, in the shapes they use. */
export interface CatalogReader {
  listCategories(lang: ApiLang, special: boolean): Promise<Category[]>;
  /** All brands, or those with products in one category (the listing's brand filter). */
  listBrands(lang: ApiLang, categoryId?: number): Promise<Brand[]>;
  getBrandBySlug(slug: string): Promise<Brand | null>;
  listProducts(request: Partial<ProductsQuery>): Promise<ProductList>;
  getProduct(idOrSlug: string, lang: ApiLang, currencyId?: CurrencyId): Promise<Product | null>;
  /** In-stock products of the product's brand, the product itself left out (the related row). */
  listRelated(product: { id: number; brandId: number }, lang: ApiLang, limit: number, currencyId?: CurrencyId): Promise<ProductCard[]>;
  listTeam(lang: ApiLang): Promise<Seller[]>;
  getExchangeRates(): Promise<ExchangeRate[]>;
}

export function getCatalogReader(): CatalogReader {
  const service = getCatalogService();
  return {
    listCategories: (lang, special) => service.listCategories(lang, { special: special ? 'only' : 'exclude' }),
    listBrands: (lang, categoryId) => service.listBrands(lang, categoryId === undefined ? {} : { categoryId }),
    getBrandBySlug: (slug) => service.getBrandBySlug(slug),
    listProducts: (request) => service.listProducts(request),
    getProduct: (idOrSlug, lang, currencyId) =>
      service.getProductDetails(/^\d+$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug, lang, currencyId),
    listRelated: (product, lang, limit, currencyId) => service.listRelatedProducts(product, lang, limit, currencyId),
    listTeam: (lang) => service.listTeam(lang),
    getExchangeRates: () => service.getExchangeRates(),
  };
}
