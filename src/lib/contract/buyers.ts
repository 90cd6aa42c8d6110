// The panel's customer list (/painel/clientes, issue 34 point 1): the query string parsed by this
// schema; every field optional, a bad one is named on the page and the others still apply.
import { z } from 'zod';
import { filterDaySchema, optionalFilter } from './order-desk.ts';

export const BuyerFiltersSchema = z.object({
  /** Name, e-mail or document (any punctuation). */
  q: optionalFilter(z.string().trim().max(100)),
  /** Bought on this storefront (an order placed on its host). */
  loja: optionalFilter(z.enum(['br', 'es'])),
  /** The buyer's country (DECISIONS.md: country id 1 Brazil, 2 Paraguay). */
  pais: optionalFilter(z.enum(['BR', 'PY'])),
  /** Registered from / until (days, the store's time zone). */
  de: optionalFilter(filterDaySchema),
  ate: optionalFilter(filterDaySchema),
  confirmado: optionalFilter(z.enum(['sim', 'nao'])),
  pedidos: optionalFilter(z.enum(['sim', 'nao'])),
  pagina: optionalFilter(z.coerce.number().int().min(1).max(100_000)),
});
export type BuyerFilters = z.infer<typeof BuyerFiltersSchema>;

/** POST /api/painel/clientes/{uuid}/notas (JSON or form). Length is the service's rule. */
export const BuyerNoteBodySchema = z.object({ nota: z.string().max(4000) });
