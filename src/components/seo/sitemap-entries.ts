import type { Locale } from '../../lib/locale.ts';
import { getShellData } from '../shell/shell-data.ts';
import { STATIC_PATHS, type SitemapEntry } from './sitemap.ts';

/** Static pages, then every category and department listing. */
export async function getSitemapEntries(locale: Locale): Promise<SitemapEntry[]> {
  const { categories } = await getShellData(locale);
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path }));
  for (const category of categories) {
    entries.push({ path: `/produtos/${encodeURIComponent(category.slug)}` });
    for (const department of category.departments) {
      entries.push({ path: `/produtos/${encodeURIComponent(category.slug)}/${encodeURIComponent(department.slug)}` });
    }
  }
  return entries;
}
