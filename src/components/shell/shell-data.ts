import type { Category } from '#lib/contract/catalog.ts';
import type { LocalStoreDetails } from '#lib/contract/store-details.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';
import { onCatalogueChange } from '#server/catalogue-changes/index.ts';
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
/** Every page renders the menu: categories are read at most this often per language. */
const SHELL_CACHE_MS = 30_000;

export function getMenuCategories(categories: readonly ShellCategory[]): ShellCategory[] {
  return categories.filter((category) => category.visivel_menu);
}

export function getCategoryPath(category: Pick<ShellCategory, 'slug'>, department?: Pick<ShellDepartment, 'slug'>): string {
  const base = `/produtos/${encodeURIComponent(category.slug)}`;
  return department ? `${base}/${encodeURIComponent(department.slug)}` : base;
}

const cache = new Map<'pt' | 'es', { at: number; data: Promise<ShellData> }>();
onCatalogueChange(() => cache.clear());

/** Categories and store details of the locale's language; a failed read leaves its part empty, not a broken page. */
export function getShellData(locale: Locale): Promise<ShellData> {
  const lang = toApiLang(locale);
  const hit = cache.get(lang);
  if (hit && Date.now() - hit.at < SHELL_CACHE_MS) return hit.data;
  const failed = (error: unknown) => {
    console.warn('shell data unavailable', error);
    cache.delete(lang);
  };
  const data = Promise.all([
    getCatalogService()
      .listCategories(lang)
      .catch((error: unknown) => (failed(error), [])),
    getStoreDetails(locale),
  ]).then(([categories, store]): ShellData => ({ categories, store }));
  cache.set(lang, { at: Date.now(), data });
  return data;
}
