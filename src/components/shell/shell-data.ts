import type { Locale } from '../../lib/locale.ts';

/** What the shell shows on every page: categories for the mega-menu, sidebar and footer. */
export interface ShellDepartment {
  id: number;
  name: string;
  slug: string;
}
export interface ShellCategory {
  id: number;
  name: string;
  slug: string;
  icone: string | null;
  visivel_menu: boolean;
  departments: ShellDepartment[];
}
export interface ShellData {
  categories: ShellCategory[];
}

export const FOOTER_CATEGORIES_MAX = 6;

export function getMenuCategories(categories: readonly ShellCategory[]): ShellCategory[] {
  return categories.filter((category) => category.visivel_menu);
}

export function getCategoryPath(category: Pick<ShellCategory, 'slug'>, department?: Pick<ShellDepartment, 'slug'>): string {
  const base = `/produtos/${encodeURIComponent(category.slug)}`;
  return department ? `${base}/${encodeURIComponent(department.slug)}` : base;
}

export async function getShellData(_locale: Locale): Promise<ShellData> {
  return { categories: [] };
}
