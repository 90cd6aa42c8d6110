import type { ApiLang, Brand, Category, ExchangeRate, Product, ProductList, ProductsQuery, Seller } from '../../lib/contract/catalog.ts';
import type { CurrencyId } from '../../lib/locale.ts';
import { getCatalogService } from '../../server/catalog/services.ts';
import { getPool } from '../../server/db/client.ts';

/** What the catalogue pages read: the catalogue service, plus the brands of one category. */
export interface CatalogReader {
  listCategories(lang: ApiLang, special: boolean): Promise<Category[]>;
  /** All brands, or those with products in one category (the listing's brand filter). */
  listBrands(lang: ApiLang, categoryId?: number): Promise<Brand[]>;
  getBrandBySlug(slug: string): Promise<Brand | null>;
  listProducts(request: Partial<ProductsQuery>): Promise<ProductList>;
  getProduct(idOrSlug: string, lang: ApiLang, currencyId?: CurrencyId): Promise<Product | null>;
  listTeam(lang: ApiLang): Promise<Seller[]>;
  getExchangeRates(): Promise<ExchangeRate[]>;
}

// TODO(catalogue): move into the catalogue service as listBrands(lang, { categoryId }).
async function listCategoryBrandIds(categoryId: number): Promise<Set<number>> {
  const { rows } = await getPool().query<{ brand_id: number }>('SELECT DISTINCT brand_id FROM products WHERE category_id = $1', [categoryId]);
  return new Set(rows.map((row) => row.brand_id));
}

export function getCatalogReader(): CatalogReader {
  const service = getCatalogService();
  return {
    listCategories: (lang, special) => service.listCategories(lang, { special: special ? 'only' : 'exclude' }),
    async listBrands(lang, categoryId) {
      const brands = await service.listBrands(lang);
      if (categoryId === undefined) return brands;
      const ids = await listCategoryBrandIds(categoryId);
      return brands.filter((brand) => ids.has(brand.id));
    },
    getBrandBySlug: (slug) => service.getBrandBySlug(slug),
    listProducts: (request) => service.listProducts(request),
    getProduct: (idOrSlug, lang, currencyId) => service.getProductDetails(/^\d+$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug, lang, currencyId),
    listTeam: (lang) => service.listTeam(lang),
    getExchangeRates: () => service.getExchangeRates(),
  };
}
