/**
 * The listing's address rules (storefront spec sections 2 and 7): query parameters text, page,
 * sort (field:direction), brandSlug (comma-separated brand ids), order=codigo_desc (news) and
 * the availability filter, turned into a products query and back into links. Pure: pages,
 * print views and exports share it.
 */
export const LISTING_PAGE_SIZE = 20;
/** Spec section 9: product and brand pages show 12 per page on phones (see device-class.ts). */
export const LISTING_PAGE_SIZE_MOBILE = 12;
export const SORT_OPTIONS = ['valor_venda:asc', 'valor_venda:desc', 'nome:asc', 'nome:desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const AVAILABILITY_PARAM = 'disponivel';

export interface ListingParams {
  text: string | null;
  page: number;
  sort: SortOption | null;
  brandIds: number[];
  news: boolean;
  inStockOnly: boolean;
}

export interface ProductsOrder {
  order_by?: 'id' | 'valor_venda' | 'nome';
  order?: 'asc' | 'desc';
}

function isSortOption(value: string): value is SortOption {
  return (SORT_OPTIONS as readonly string[]).includes(value);
}

/** Brand ids from `brandSlug=1,2` or repeated `brandSlug=1&brandSlug=2` (a plain GET form). */
function readBrandIds(search: URLSearchParams): number[] {
  const ids = search
    .getAll('brandSlug')
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((id) => Number.isInteger(id) && id > 0 && id < 2_147_483_647);
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, 100);
}

/** Lenient reading: an unknown sort or a bad page number falls back to the default, never an error. */
export function readListingParams(search: URLSearchParams): ListingParams {
  const text = search.get('text')?.trim().slice(0, 200) || null;
  const pageValue = Number(search.get('page'));
  const page = Number.isInteger(pageValue) && pageValue >= 1 && pageValue <= 100_000 ? pageValue : 1;
  const sortValue = search.get('sort') ?? '';
  return {
    text,
    page,
    sort: isSortOption(sortValue) ? sortValue : null,
    brandIds: readBrandIds(search),
    news: search.get('order') === 'codigo_desc',
    inStockOnly: search.get(AVAILABILITY_PARAM) === '1',
  };
}

/** The chosen field after "in stock first"; the default is id descending (newest first). */
export function toProductsOrder(sort: SortOption | null): ProductsOrder {
  if (!sort) return { order_by: 'id', order: 'desc' };
  const [field, direction] = sort.split(':') as ['valor_venda' | 'nome', 'asc' | 'desc'];
  return { order_by: field, order: direction };
}

/** Query string of a listing address; page 1 and empty values are left out. */
export function toListingSearch(params: ListingParams, overrides: Partial<ListingParams> = {}): string {
  const merged = { ...params, ...overrides };
  const search = new URLSearchParams();
  if (merged.text) search.set('text', merged.text);
  if (merged.news) search.set('order', 'codigo_desc');
  if (merged.sort) search.set('sort', merged.sort);
  if (merged.brandIds.length > 0) search.set('brandSlug', merged.brandIds.join(','));
  if (merged.inStockOnly) search.set(AVAILABILITY_PARAM, '1');
  if (merged.page > 1) search.set('page', String(merged.page));
  const query = search.toString();
  return query ? `?${query}` : '';
}

export function getPageCount(total: number, pageSize = LISTING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Up to `size` page numbers centred on the current page, shifted to stay within 1..pages. */
export function getPageWindow(page: number, pages: number, size = 5): number[] {
  const count = Math.min(size, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
