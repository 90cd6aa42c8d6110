import type { Locale } from '#lib/locale.ts';
import { getSeoService } from '#server/seo/index.ts';
import { getShellData } from '../shell/shell-data.ts';
import { STATIC_PATHS, type SitemapEntry } from './sitemap.ts';

/** Static pages, every category and department listing, then every product and brand page. */
export async function getSitemapEntries(locale: Locale): Promise<SitemapEntry[]> {
  const [{ categories }, catalogue] = await Promise.all([getShellData(locale), getSeoService().listCataloguePages()]);
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path }));
  for (const category of categories) {
    entries.push({ path: `/produtos/${encodeURIComponent(category.slug)}` });
    for (const department of category.departments) {
      entries.push({ path: `/produtos/${encodeURIComponent(category.slug)}/${encodeURIComponent(department.slug)}` });
    }
  }
  entries.push(...catalogue);
  return entries;
}
