import type { Category } from '#lib/contract/catalog.ts';
import type { LocalStoreDetails } from '#lib/contract/store-details.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';
import { createCache } from '#server/cache/index.ts';
import { getCatalogService } from '#server/catalog/index.ts';
import { getStoreDetails } from '#server/store-details/index.ts';

/** What the shell shows on every page: categories for the mega-menu, sidebar and footer; the store's details for the footer and header. */
export type ShellCategory = Pick<Category, 'id' | 'name' | 'slug' | 'icone' | 'visivel_menu' | 'departments'>;
export type ShellDepartment = ShellCategory['departments'][number];
export interface ShellData {
  categories: ShellCategory[];
  store: LocalStoreDetails;
}

export const FOOTER_CATEGORIES_MAX = 6;

export function getMenuCategories(categories: readonly ShellCategory[]): ShellCategory[] {
  return categories.filter((category) => category.visivel_menu);
}

export function getCategoryPath(category: Pick<ShellCategory, 'slug'>, department?: Pick<ShellDepartment, 'slug'>): string {
  const base = `/produtos/${encodeURIComponent(category.slug)}`;
  return department ? `${base}/${encodeURIComponent(department.slug)}` : base;
}

/** Every page renders the menu: categories are read at most every 30 s per language, and after any change. */
const shellCache = createCache<'pt' | 'es', Promise<ShellData>>({ name: 'shell', maxEntries: 2, ttlMs: 30_000, clearOn: 'any' });

/** Categories and store details of the locale's language; a failed read leaves its part empty, not a broken page. */
export function getShellData(locale: Locale): Promise<ShellData> {
  const lang = toApiLang(locale);
  return shellCache.getOrSet(lang, () => {
    const failed = (error: unknown) => {
      console.warn('shell data unavailable', error);
      shellCache.delete(lang);
    };
    return Promise.all([
      getCatalogService()
        .listCategories(lang)
        .catch((error: unknown) => (failed(error), [])),
      getStoreDetails(locale),
    ]).then(([categories, store]): ShellData => ({ categories, store }));
  });
}
