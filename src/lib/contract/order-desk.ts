// The order desk's requests (staff panel, decision 0510): the server parses with these schemas
// and the types are inferred from them.
import { z } from 'zod';

/** Statuses the desk filters by: the spec's, CANCELADO (expiry) and RETIRADO (counter). */
export const DESK_STATUSES = ['PAGAMENTO', 'PAGO', 'ENVIADO', 'RETIRADO', 'CANCELADO', 'ESTORNADO', 'AGUARDANDO', 'AUTORIZADO'] as const;

/**
 * The statuses of a sale (money received and kept): every total of the panel counts these only,
 * never an unpaid, cancelled or refunded order (issue 33 point 9).
 */
export const PAID_ORDER_STATUSES = ['PAGO', 'ENVIADO', 'RETIRADO'] as const;

/** What the desk may do to an order; the rules of each are in src/server/order-desk/transitions.ts. */
export const DESK_ACTIONS = ['ship', 'hand_over', 'cancel', 'refund'] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A filter of a panel list's query string: an empty field is no filter (the customer list shares these). */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
const isRealDate = (value: string) =>
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A day of a list's filters, 'YYYY-MM-DD', a real date. */
export const filterDaySchema = z.string().regex(DATE).refine(isRealDate);

/** The list's query string (`?status=PAGO&de=2026-01-01&q=...&pagina=2`); every field optional. */
export const DeskFiltersSchema = z.object({
  status: optionalFilter(z.enum(DESK_STATUSES)),
  de: optionalFilter(filterDaySchema),
  ate: optionalFilter(filterDaySchema),
  host: optionalFilter(z.enum(['br', 'es'])),
  entrega: optionalFilter(z.enum(['delivery', 'pickup', 'pickup_point'])),
  pago: optionalFilter(z.enum(['sim', 'nao'])),
  q: optionalFilter(z.string().trim().max(120)),
  pagina: optionalFilter(z.coerce.number().int().min(1).max(100_000)),
});
export type DeskFilters = z.infer<typeof DeskFiltersSchema>;

/** POST /api/painel/pedidos/{number}/status, as JSON or as the panel's urlencoded form. */
export const DeskTransitionBodySchema = z.object({
  acao: z.enum(DESK_ACTIONS),
  status_esperado: z.string().trim().max(20).optional(),
  nota: z.string().max(500).optional(),
  // Forms of the counter page come back to it; every other form goes back to the order.
  voltar: z.enum(['pedido', 'balcao']).optional(),
});

/**
 * POST /api/painel/pedidos/{number}/estorno-manual: how and when an admin gave a payment's money
 * back outside the gateway (one it cannot reverse), a day no later than today.
 */
export const DeskManualRefundBodySchema = z.object({
  como: z.string().trim().min(1).max(200),
  quando: z.iso.date(),
  /** The partial refund it completes (decision 1140); absent: the order's whole payment. */
  devolucao: optionalFilter(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});

/**
 * POST /api/painel/pedidos/{number}/devolucao-parcial: quantities of the order's lines to refund
 * (by position) and why. The panel's form sends `qtde_<position>` fields, read into `linhas`.
 */
export const DeskPartialRefundBodySchema = z.object({
  linhas: z
    .array(z.object({ posicao: z.coerce.number().int().min(0).max(10_000), qtde: z.coerce.number().int().min(0).max(1_000_000) }))
    .max(500),
  motivo: z.string().max(500),
});

/** The form's `qtde_<position>` fields as the JSON body's `linhas` (an empty field is 0). */
export function toPartialRefundBody(form: Record<string, unknown>): unknown {
  const linhas = Object.entries(form).flatMap(([name, value]) => {
    const position = /^qtde_(\d{1,5})$/.exec(name)?.[1];
    return position === undefined ? [] : [{ posicao: position, qtde: value === '' ? 0 : value }];
  });
  return { linhas, motivo: form.motivo ?? '' };
}

/** The order number in the path: digits only. */
export const DeskOrderNumberSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

/** POST /painel/balcao: the typed or scanned pickup code (any text; the service reads its letters and digits). */
export const CounterLookupFormSchema = z.object({
  codigo: z.preprocess((value) => (typeof value === 'string' ? value.trim().slice(0, 40) : ''), z.string().min(1)),
});

/** POST /api/painel/pedidos/{number}/notas (JSON or form): a staff note on the order. Length is the service's rule. */
export const DeskNoteBodySchema = z.object({ nota: z.string().max(4000) });

/** POST /api/painel/pedidos/{number}/reenvio (JSON or form): send again an e-mail the order has sent, by its kind. */
export const DeskResendBodySchema = z.object({ tipo: z.string().trim().min(1).max(20) });
