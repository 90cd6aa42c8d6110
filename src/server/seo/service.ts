import type { Queryable } from '../db/client.ts';
import { getSitemapBrands, getSitemapProducts } from './repository.ts';

export interface SitemapPage {
  path: string;
  lastmod?: string | undefined;
}

/** The catalogue pages a search engine should know: every product and brand page, with lastmod. */
export function createSeoService({ db }: { db: Queryable }) {
  return {
    async listCataloguePages(): Promise<SitemapPage[]> {
      const [products, brands] = await Promise.all([getSitemapProducts(db), getSitemapBrands(db)]);
      return [
        ...products.map((row) => ({ path: `/produto/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod ?? undefined })),
        ...brands.map((row) => ({ path: `/marca/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod ?? undefined })),
      ];
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
