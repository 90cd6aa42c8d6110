import type { z } from 'zod';

/**
 * Reads a panel list's filters from a URL's query string with their schema (every field
 * optional): a bad field is named (the page says which) and dropped, the others still apply.
 */
export function readQueryFilters<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  params: URLSearchParams,
): { filters: z.infer<z.ZodObject<Shape>>; invalid: string[] } {
  const raw: Record<string, string> = Object.fromEntries([...params.entries()].filter(([key]) => key in schema.shape));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { filters: parsed.data, invalid: [] };
  const invalid = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
  for (const field of invalid) delete raw[field];
  return { filters: schema.parse(raw), invalid };
}

/** Filters as a query string (paging links), empty values left out. */
export function toQueryString(filters: Record<string, unknown>, overrides: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...overrides }))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}
