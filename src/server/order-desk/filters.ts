import { DeskFiltersSchema, type DeskFilters } from '#lib/contract/order-desk.ts';

export const DESK_PAGE_SIZE = 25;

/** Reads the filters from a URL; a bad field is named (the page says which) and the others still apply. */
export function readDeskFilters(params: URLSearchParams): { filters: DeskFilters; invalid: string[] } {
  const raw: Record<string, string> = Object.fromEntries([...params.entries()].filter(([key]) => key in DeskFiltersSchema.shape));
  const parsed = DeskFiltersSchema.safeParse(raw);
  if (parsed.success) return { filters: parsed.data, invalid: [] };
  const invalid = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
  for (const field of invalid) delete raw[field];
  return { filters: DeskFiltersSchema.parse(raw), invalid };
}

/** The same filters as a query string (paging links, the CSV link). */
export function toFilterQuery(filters: DeskFilters, overrides: Partial<DeskFilters> = {}): string {
  const merged: Record<string, unknown> = { ...filters, ...overrides };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}
