import type { Category } from '#lib/contract/catalog.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';
import { onCatalogueChange } from '#server/catalogue-changes/index.ts';
import { getCatalogService } from '#server/catalog/index.ts';

/** What the shell shows on every page: categories for the mega-menu, sidebar and footer. */
export type ShellCategory = Pick<Category, 'id' | 'name' | 'slug' | 'icone' | 'visivel_menu' | 'departments'>;
export type ShellDepartment = ShellCategory['departments'][number];
export interface ShellData {
  categories: ShellCategory[];
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

/** Categories of the locale's language; a failed read gives an empty menu, not a broken page. */
export function getShellData(locale: Locale): Promise<ShellData> {
  const lang = toApiLang(locale);
  const hit = cache.get(lang);
  if (hit && Date.now() - hit.at < SHELL_CACHE_MS) return hit.data;
  const data = getCatalogService()
    .listCategories(lang)
    .then((categories): ShellData => ({ categories }))
    .catch((error: unknown) => {
      console.warn('shell categories unavailable', error);
      cache.delete(lang);
      return { categories: [] };
    });
  cache.set(lang, { at: Date.now(), data });
  return data;
}
