import { z } from 'zod';

/** Statuses the desk filters by: the spec's, CANCELADO (expiry) and RETIRADO (counter). */
export const DESK_STATUSES = ['PAGAMENTO', 'PAGO', 'ENVIADO', 'RETIRADO', 'CANCELADO', 'ESTORNADO', 'AGUARDANDO', 'AUTORIZADO'] as const;
export const DESK_PAGE_SIZE = 25;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
const isRealDate = (value: string) =>
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The list's query string (`?status=PAGO&de=2026-01-01&q=...&pagina=2`); every field optional. */
export const DeskFiltersSchema = z.object({
  status: optional(z.enum(DESK_STATUSES)),
  de: optional(z.string().regex(DATE).refine(isRealDate)),
  ate: optional(z.string().regex(DATE).refine(isRealDate)),
  host: optional(z.enum(['br', 'es'])),
  entrega: optional(z.enum(['delivery', 'pickup', 'pickup_point'])),
  pago: optional(z.enum(['sim', 'nao'])),
  q: optional(z.string().trim().max(120)),
  pagina: optional(z.coerce.number().int().min(1).max(100_000)),
});
export type DeskFilters = z.infer<typeof DeskFiltersSchema>;

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
