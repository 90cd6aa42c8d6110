// The cacheable page kinds and the query parameters each one's render reads (issue 29 point 6).
// The cache key and the render keep only those, in one canonical form, so a parameter a page
// ignores (`?utm_source=`, `?x=<random>`) makes neither a new entry nor a new render.
import { readListingParams, toListingSearch } from '#lib/catalog-listing.ts';

interface PageKind {
  path: RegExp;
  /** The canonical query (without `?`) of what this kind reads from `search`. */
  toQuery(search: URLSearchParams): string;
}

/** Listings read text, page, sort, brands, news order and availability (catalog-listing.ts), in their own canonical order. */
const toListingQuery = (search: URLSearchParams) => toListingSearch(readListingParams(search)).slice(1);
/** The home page's category tab and the brand page's old `?categoria=` address (it redirects): the first value. */
function toCategoryQuery(search: URLSearchParams): string {
  const category = search.get('categoria');
  return category === null ? '' : new URLSearchParams({ categoria: category }).toString();
}
const readsNothing = () => '';

const PAGE_KINDS: readonly PageKind[] = [
  { path: /^\/$/, toQuery: toCategoryQuery },
  { path: /^\/(?:produtos|especial)(?:\/[^?]*)?$/, toQuery: toListingQuery },
  { path: /^\/marca\/[^?]+$/, toQuery: (search) => [toCategoryQuery(search), toListingQuery(search)].filter(Boolean).join('&') },
  { path: /^\/marcas$/, toQuery: readsNothing },
  { path: /^\/produto\/[^/?]+$/, toQuery: readsNothing },
];

/**
 * The canonical address of a cacheable page (path plus the parameters its kind reads, normalised),
 * or null when the address is no cacheable page. `?lang=` is the language switch: the middleware
 * stores it and redirects, so such an address is left to it.
 */
export function toCacheableAddress(rawUrl: string): string | null {
  if (!URL.canParse(rawUrl, 'http://x')) return null;
  const parsed = new URL(rawUrl, 'http://x');
  if (parsed.searchParams.has('lang')) return null;
  const kind = PAGE_KINDS.find((candidate) => candidate.path.test(parsed.pathname));
  if (!kind) return null;
  const query = kind.toQuery(parsed.searchParams);
  return parsed.pathname + (query ? `?${query}` : '');
}
