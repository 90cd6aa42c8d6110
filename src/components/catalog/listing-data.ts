import type { AstroGlobal } from 'astro';
import type { Brand, Category, ProductCard, ProductList } from '#lib/contract/catalog.ts';
import {
  LISTING_PAGE_SIZE,
  LISTING_PAGE_SIZE_MOBILE,
  readListingParams,
  toListingSearch,
  toProductsOrder,
  type ListingParams,
} from '#lib/catalog-listing.ts';
import { getPrimaryCurrency, toApiLang, type Locale } from '#lib/locale.ts';
import { readDeviceClass } from '../shell/device-class.ts';
import { getCatalogReader } from './catalog-reader.ts';
import type { CatalogueTag } from '#server/catalogue-changes/index.ts';
import { getConfig } from '#server/config.ts';

/**
 * Resolves a listing address (/produtos/{categoria}/{departamento}, /especial/..., /marca/...)
 * into what the page shows: the category chooser, a product listing, a 301 from numeric slugs
 * to named ones, or not found. Print views and exports reuse it to list the same products.
 */
export type ListingScope =
  | { kind: 'categories'; categories: Category[] }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  | {
      kind: 'listing';
      params: ListingParams;
      category: Category | null;
      departmentSlug: string | null;
      brand: Brand | null;
      query: ListingQuery;
    };

export interface ListingQuery {
  text?: string;
  category_id?: number;
  department_id?: number;
  brand_id?: number;
  brands_ids?: number[];
  /** Only these categories: a brand's products across the special categories (/especial/{marca}). */
  category_ids?: number[];
  tem_estoque?: boolean;
  all_products?: boolean;
}

interface ResolveOptions {
  root: '/produtos' | '/especial';
  segments: string[];
  search: URLSearchParams;
  lang: 'pt' | 'es';
  brand?: Brand | null;
}

const isNumeric = (value: string) => /^\d+$/.test(value);

export async function resolveListing({ root, segments, search, lang, brand = null }: ResolveOptions): Promise<ListingScope> {
  const reader = getCatalogReader();
  const params = readListingParams(search);
  const [categorySlug, departmentSlug] = segments;
  const categories = await reader.listCategories(lang, root === '/especial');
  if (!categorySlug) {
    if (!params.text && !params.news && params.brandIds.length === 0 && !brand) return { kind: 'categories', categories };
    return { kind: 'listing', params, category: null, departmentSlug: null, brand, query: toQuery(params, null, null, brand) };
  }
  const category = categories.find((c) => c.slug === categorySlug || (isNumeric(categorySlug) && String(c.id) === categorySlug));
  if (!category) return { kind: 'not-found' };
  const department = departmentSlug
    ? category.departments.find((d) => d.slug === departmentSlug || (isNumeric(departmentSlug) && String(d.id) === departmentSlug))
    : null;
  if (departmentSlug && !department) return { kind: 'not-found' };
  if (category.slug !== categorySlug || (department && department.slug !== departmentSlug)) {
    const path = [root, category.slug, department?.slug].filter(Boolean).join('/');
    return { kind: 'redirect', location: path + toListingSearch(params) };
  }
  return {
    kind: 'listing',
    params,
    category,
    departmentSlug: department?.slug ?? null,
    brand,
    query: toQuery(params, category, department?.id ?? null, brand),
  };
}

/** A brand by slug, or by id (old links); null when there is none. */
export async function findBrand(lang: 'pt' | 'es', slugOrId: string): Promise<Brand | null> {
  return (
    (await getCatalogReader().listBrands(lang)).find((b) => b.slug === slugOrId || (isNumeric(slugOrId) && String(b.id) === slugOrId)) ??
    null
  );
}

/** True when the catalogue holds any product of this filter (a page by brand with none is not found). */
async function hasProducts(lang: 'pt' | 'es', filter: Pick<ListingQuery, 'brand_id' | 'category_id' | 'department_id' | 'category_ids'>) {
  return (await getCatalogReader().listProducts({ ...filter, lang, page: 1, per_page: 1 })).total > 0;
}

/**
 * The category of /marca/{marca}/{categoria} (by slug, or id for old links): a menu category, or
 * a special one that holds some of the brand's products (issue 35.8); null otherwise.
 */
export async function findBrandCategory(lang: 'pt' | 'es', brand: Brand, slugOrId: string): Promise<Category | null> {
  const reader = getCatalogReader();
  const matches = (c: Category) => c.slug === slugOrId || (isNumeric(slugOrId) && String(c.id) === slugOrId);
  const regular = (await reader.listCategories(lang, false)).find(matches);
  if (regular) return regular;
  const special = (await reader.listCategories(lang, true)).find(matches);
  return special && (await hasProducts(lang, { brand_id: brand.id, category_id: special.id })) ? special : null;
}

/**
 * /especial lists the special categories' products like /produtos (DECISIONS.md):
 * /especial/{categoria}[/{departamento}]; and, as the spec's route has it, by brand first:
 * /especial/{marca} (the brand's products in every special category), /especial/{marca}/{categoria}
 * and /especial/{marca}/{categoria}/{departamento}. A category's slug wins over a brand's; a
 * brand with no product there is not found.
 */
export async function resolveSpecialListing(segments: string[], search: URLSearchParams, lang: 'pt' | 'es'): Promise<ListingScope> {
  if (segments.length > 3) return { kind: 'not-found' };
  if (segments.length < 3) {
    const scope = await resolveListing({ root: '/especial', segments, search, lang });
    if (scope.kind !== 'not-found' || segments.length === 0) return scope;
  }
  const [brandSlug = '', ...rest] = segments;
  const brand = await findBrand(lang, brandSlug);
  if (!brand) return { kind: 'not-found' };
  const scope = await resolveListing({ root: '/especial', segments: rest, search, lang, brand });
  const withBrand = (path: string) => `/especial/${brand.slug}${path.slice('/especial'.length)}`;
  if (scope.kind === 'redirect') return { kind: 'redirect', location: withBrand(scope.location) };
  if (scope.kind !== 'listing') return scope;
  if (brand.slug !== brandSlug)
    return { kind: 'redirect', location: withBrand(`/especial/${rest.join('/')}${toListingSearch(scope.params)}`) };
  const query = scope.category
    ? scope.query
    : { ...scope.query, category_ids: (await getCatalogReader().listCategories(lang, true)).map((c) => c.id) };
  const { brand_id, category_id, department_id, category_ids } = query;
  if (!(await hasProducts(lang, { brand_id, category_id, department_id, category_ids }))) return { kind: 'not-found' };
  return { ...scope, query };
}

function toQuery(params: ListingParams, category: Category | null, departmentId: number | null, brand: Brand | null): ListingQuery {
  const query: ListingQuery = {};
  if (params.text) {
    query.text = params.text;
    query.all_products = true;
  }
  if (category) query.category_id = category.id;
  if (departmentId) query.department_id = departmentId;
  if (brand) query.brand_id = brand.id;
  if (params.brandIds.length > 0) query.brands_ids = params.brandIds;
  if (params.inStockOnly) query.tem_estoque = true;
  return query;
}

/** One page of the listing, in the shopper's display currency (G$ for es locales, U$ otherwise). */
export async function getListingPage(
  locale: Locale,
  scope: Extract<ListingScope, { kind: 'listing' }>,
  page = scope.params.page,
  perPage = LISTING_PAGE_SIZE,
): Promise<ProductList> {
  return getCatalogReader().listProducts({
    ...scope.query,
    ...toProductsOrder(scope.params.sort),
    page,
    per_page: perPage,
    lang: toApiLang(locale),
    moeda_id: getPrimaryCurrency(locale),
  });
}

export interface ListingData {
  listing: ProductList;
  /** The brand filter's brands (of the category, when there is one). */
  brands: Brand[];
  /** The side panel's categories when no category is chosen. */
  categories: Category[];
}

/** What a /produtos or /especial listing shows besides its address: one page and the filters. */
export async function getListingData(
  locale: Locale,
  root: '/produtos' | '/especial',
  scope: Extract<ListingScope, { kind: 'listing' }>,
  pageSize: number,
): Promise<ListingData> {
  const reader = getCatalogReader();
  const lang = toApiLang(locale);
  const [listing, brands, categories] = await Promise.all([
    getListingPage(locale, scope, scope.params.page, pageSize),
    reader.listBrands(lang, scope.category?.id),
    scope.category ? [] : reader.listCategories(lang, root === '/especial'),
  ]);
  return { listing, brands, categories };
}

/** Every in-stock product of a listing, page by page (the TXT export rule), capped for safety. */
export async function getAllInStock(locale: Locale, scope: Extract<ListingScope, { kind: 'listing' }>, max = 5000): Promise<ProductCard[]> {
  const inStock: Extract<ListingScope, { kind: 'listing' }> = { ...scope, query: { ...scope.query, tem_estoque: true } };
  const items: ProductCard[] = [];
  for (let page = 1; items.length < max; page += 1) {
    const { data, total } = await getListingPage(locale, inStock, page, 100);
    items.push(...data.filter((product) => product.tem_estoque && product.qtde_disponivel > 0));
    if (data.length === 0 || page * 100 >= total) break;
  }
  return items.slice(0, max);
}

/**
 * Marks a catalogue page cacheable with the tags of what it shows (README "Page cache and CDN"):
 * for anonymous visitors on the host's default language a CDN may keep it (`s-maxage`); the
 * shop's own page cache keeps it for anonymous visitors with a language cookie too (its key has
 * the cookie); a signed-in visitor's page is private (the middleware) and carries no tags.
 * Every page shows prices in the host's currencies and the category menu: `rates` and `all` are
 * always among its tags.
 */
export function setCatalogueCache(astro: AstroGlobal, tags: Iterable<CatalogueTag> = []): void {
  if (astro.locals.customer !== null) {
    astro.response.headers.set('cache-control', 'private, no-cache');
    return;
  }
  const { PAGE_CACHE_FRESH_S: fresh, PAGE_CACHE_STALE_S: stale } = getConfig();
  const shared = !astro.cookies.has('fronteira_lang');
  astro.response.headers.set(
    'cache-control',
    shared ? `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}` : 'private, no-cache',
  );
  const all = [...new Set<string>(['all', 'rates', ...tags])];
  astro.response.headers.set('surrogate-key', all.join(' '));
  astro.response.headers.set('cache-tag', all.join(','));
}

/** The tags of the products and brands a page shows. */
export function toCatalogueTags(products: readonly { id: number }[], brands: readonly { id: number }[] = []): CatalogueTag[] {
  return [...products.map((product) => `product:${product.id}` as const), ...brands.map((brand) => `brand:${brand.id}` as const)];
}

/** A listing's tags: its products, the brands of its filter, its category. */
export function toListingTags(scope: ListingScope, data: ListingData | null): CatalogueTag[] {
  const category = scope.kind === 'listing' && scope.category ? [`category:${scope.category.id}` as const] : [];
  return [...toCatalogueTags(data?.listing.data ?? [], data?.brands ?? []), ...category];
}

/**
 * Products per page for this request: 12 on phones, 20 otherwise (spec section 9). The answer
 * then depends on the device headers, so shared caches must key on them.
 */
export function getListingPageSize(astro: AstroGlobal): number {
  return readDeviceClass(astro) === 'mobile' ? LISTING_PAGE_SIZE_MOBILE : LISTING_PAGE_SIZE;
}

/**
 * The listing a print view or export reproduces, from its address (`de` parameter): only
 * /produtos, /especial and /marca addresses of this shop are accepted.
 */
export async function resolveListingHref(href: string, lang: 'pt' | 'es'): Promise<Extract<ListingScope, { kind: 'listing' }> | null> {
  let url: URL;
  try {
    url = new URL(href, 'http://shop.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://shop.invalid') return null;
  const [root, ...segments] = url.pathname.split('/').filter(Boolean);
  if (root === 'marca') {
    const [brandSlug = '', categorySlug] = segments;
    const brand = await findBrand(lang, brandSlug);
    if (!brand) return null;
    const category = categorySlug ? await findBrandCategory(lang, brand, categorySlug) : null;
    if (categorySlug && !category) return null;
    const params = readListingParams(url.searchParams);
    return { kind: 'listing', params, category, departmentSlug: null, brand, query: toQuery(params, category, null, brand) };
  }
  if (root !== 'produtos' && root !== 'especial') return null;
  const scope =
    root === 'especial'
      ? await resolveSpecialListing(segments, url.searchParams, lang)
      : await resolveListing({ root: '/produtos', segments, search: url.searchParams, lang });
  if (scope.kind === 'listing') return scope;
  if (scope.kind === 'categories') {
    const params = readListingParams(url.searchParams);
    return { kind: 'listing', params, category: null, departmentSlug: null, brand: null, query: toQuery(params, null, null, null) };
  }
  return null;
}
