import type { Queryable } from '../db/client.ts';
import { getSitemapBrands, getSitemapProducts, getSitemapSpecialPairs, type SpecialPageRow } from './repository.ts';

export interface SitemapPage {
  path: string;
  lastmod?: string | undefined;
}

/**
 * The special listings with products: each special category, each brand across them
 * (/especial/{marca}) and each brand in each (/especial/{marca}/{categoria}); the newest
 * product change is the page's lastmod.
 */
function toSpecialPages(pairs: SpecialPageRow[]): SitemapPage[] {
  const pages = new Map<string, string>();
  const keep = (path: string, lastmod: string) => {
    const known = pages.get(path);
    if (known === undefined || known < lastmod) pages.set(path, lastmod);
  };
  for (const row of pairs) {
    const brand = encodeURIComponent(row.brand_slug);
    const category = encodeURIComponent(row.category_slug);
    keep(`/especial/${category}`, row.lastmod);
    keep(`/especial/${brand}`, row.lastmod);
    keep(`/especial/${brand}/${category}`, row.lastmod);
  }
  return [...pages].map(([path, lastmod]) => ({ path, lastmod }));
}

/** The catalogue pages a search engine should know: every product and brand page, with lastmod. */
export function createSeoService({ db }: { db: Queryable }) {
  return {
    async listCataloguePages(): Promise<SitemapPage[]> {
      const [products, brands, special] = await Promise.all([getSitemapProducts(db), getSitemapBrands(db), getSitemapSpecialPairs(db)]);
      return [
        ...products.map((row) => ({ path: `/produto/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod ?? undefined })),
        ...brands.map((row) => ({ path: `/marca/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod ?? undefined })),
        ...(special.length > 0 ? [{ path: '/especial' }, ...toSpecialPages(special)] : []),
      ];
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
