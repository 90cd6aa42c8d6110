// The order desk's HTTP handlers, framework-free: the endpoint files under src/pages/api/painel
// and src/pages/painel run these after the staff guard (postTransition, an ApiHandler, checks it).
import {
  CounterLookupFormSchema,
  DeskFiltersSchema,
  DeskManualRefundBodySchema,
  DeskNoteBodySchema,
  DeskOrderNumberSchema,
  DeskPartialRefundBodySchema,
  DeskResendBodySchema,
  DeskTransitionBodySchema,
  toPartialRefundBody,
  type DeskFilters,
} from '#lib/contract/order-desk.ts';
import { toCsv, toCsvAmount, toCsvTime } from '#lib/csv.ts';
import { toDocumentLabel } from '#lib/documents.ts';
import { orderDeskMessages, type OrderDeskMessageKey } from '#lib/i18n/order-desk.ts';
import { orderMessages, toStatusLabel } from '#lib/i18n/orders.ts';
import { orderTimelineMessages, type OrderTimelineMessageKey } from '#lib/i18n/order-timeline.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { getConfig } from '../config.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { ApiCall } from '../http/api-call.ts';
import { readQueryFilters, toQueryString } from '../http/query-filters.ts';
import { toErrorResult } from '../http/error-result.ts';
import { csvDownload, jsonResult, rawResult, type ApiResult, type BodySource } from '../http/responses.ts';
import { checkApiStaff, getPanelLocale } from '../staff/index.ts';
import { deskError, orderDeskError, partialRefundError, timelineError } from './errors.ts';
import { getOrderDeskService } from './index.ts';
import type { DeskOrderDetail, OrderDeskService, StaffActor } from './service.ts';

/** Who calls, as the staff guard found them, and the panel language they chose. */
export interface DeskCaller {
  actor: StaffActor;
  locale: Locale;
}

export function toDeskCaller(staff: StaffActor, locale: Locale): DeskCaller {
  return { actor: { id: staff.id, email: staff.email, role: staff.role }, locale };
}

/** The `{status}` of a refusal's message: the order's status by its label in the staff member's language. */
function toStatusParams(current: unknown, locale: Locale): { status: string } {
  return { status: typeof current === 'string' && current ? toStatusLabel(createTranslator(orderMessages, locale), current) : '' };
}

/** A refusal as JSON through the one mapper (decision 0720), its message naming the order's status by its label. */
function toDeskErrorResult(error: DomainError, locale: Locale): ApiResult {
  const labelled = new DomainError(error.kind, error.messages, error.key, {
    code: error.code,
    params: { ...error.params, ...toStatusParams(error.details.status, locale) },
    details: error.details,
  });
  return toErrorResult(labelled, locale);
}

/** Reads a JSON body (API clients, tests) or a urlencoded one (the panel's forms, without JS). */
async function readTransitionBody(source: BodySource): Promise<{ form: boolean; data: unknown } | null> {
  const type = source.contentType ?? '';
  try {
    if (/^application\/json\b/i.test(type)) return { form: false, data: JSON.parse(await source.text()) };
    if (/^application\/x-www-form-urlencoded\b/i.test(type))
      return { form: true, data: Object.fromEntries(new URLSearchParams(await source.text())) };
  } catch {
    return { form: false, data: null };
  }
  return null;
}

/**
 * POST /api/painel/pedidos/{number}/status: one transition. JSON callers get JSON (200, or the
 * refusal's 403/404/409/422 with a message in the staff member's language); a form is sent back
 * (303) to the order or the counter with the outcome in the address, so a reload posts nothing.
 */
export async function postTransition(call: ApiCall): Promise<ApiResult> {
  const staff = checkApiStaff(call.locals);
  if ('status' in staff) return staff;
  const caller = toDeskCaller(staff, getPanelLocale(call.locals));
  const body = await readTransitionBody(call.body);
  if (!body) return toDeskErrorResult(orderDeskError('unsupported', 'error_invalid_input'), caller.locale);
  const parsed = DeskTransitionBodySchema.safeParse(body.data);
  const parsedNumber = DeskOrderNumberSchema.safeParse(call.params.number ?? '');
  if (!parsed.success || !parsedNumber.success) {
    if (body.form) return redirect(`/painel/pedidos?erro=invalid_input`);
    return toDeskErrorResult(orderDeskError('invalid', 'error_invalid_input'), caller.locale);
  }
  const input = parsed.data;
  const number = parsedNumber.data;
  const back = input.voltar === 'balcao' ? '/painel/balcao' : `/painel/pedidos/${number}`;
  try {
    const outcome = await getOrderDeskService().transition(caller.actor, {
      number,
      action: input.acao,
      expectedStatus: input.status_esperado || undefined,
      note: input.nota,
    });
    if (body.form) {
      const flag = outcome.moneyReturned === false ? 'estorno=pendente&' : '';
      return redirect(`${back}?${flag}feito=${outcome.status}&pedido=${number}`);
    }
    return jsonResult(200, { pedido: number, status: outcome.status, estorno_confirmado: outcome.moneyReturned });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const current = typeof error.details.status === 'string' ? error.details.status : null;
    if (body.form) return redirect(`${back}?erro=${error.code}&pedido=${number}${current ? `&atual=${current}` : ''}`);
    return toDeskErrorResult(error, caller.locale);
  }
}

/** What an order write did: `feito=` of the form's redirect, and the JSON answer's fields beside `pedido`. */
interface OrderWriteDone {
  done: string;
  answer?: Record<string, unknown>;
}

/**
 * The shape of every write on one order but transitions (refunds, notes, "send again"): the staff
 * guard (`role` refuses a counter before its input is read, decision 0515), a JSON or form body,
 * the order's number; then JSON 200 `{ pedido, feito, ...answer }` or the refusal in the staff
 * member's language, and a form sent back (303) to the order with `feito=`, or `erro=` with the
 * order's status (`atual=`) and the refusal's parameters (the line it names), at `anchor`.
 */
async function postOrderWrite(
  call: ApiCall,
  { role, anchor = '' }: { role?: 'admin'; anchor?: string },
  write: (caller: DeskCaller, number: number, body: { form: boolean; data: unknown }) => Promise<OrderWriteDone>,
): Promise<ApiResult> {
  const staff = checkApiStaff(call.locals, role ? { role } : undefined);
  if ('status' in staff) return staff;
  const caller = toDeskCaller(staff, getPanelLocale(call.locals));
  const body = await readTransitionBody(call.body);
  if (!body) return toDeskErrorResult(orderDeskError('unsupported', 'error_invalid_input'), caller.locale);
  const parsedNumber = DeskOrderNumberSchema.safeParse(call.params.number ?? '');
  if (!parsedNumber.success) return toDeskErrorResult(deskError('not_found'), caller.locale);
  const number = parsedNumber.data;
  const back = `/painel/pedidos/${number}`;
  try {
    const { done, answer } = await write(caller, number, body);
    if (body.form) return redirect(`${back}?feito=${done}&pedido=${number}${anchor}`);
    return jsonResult(200, { pedido: number, feito: done, ...answer });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (!body.form) return toDeskErrorResult(error, caller.locale);
    const refusal = new URLSearchParams({ erro: error.code, pedido: String(number) });
    if (typeof error.details.status === 'string') refusal.set('atual', error.details.status);
    for (const [key, value] of Object.entries(error.params)) refusal.set(key, String(value));
    return redirect(`${back}?${refusal}${anchor}`);
  }
}

/**
 * POST /api/painel/pedidos/{number}/estorno-manual: an admin records how and when a refund the
 * gateway could not make was given back (como, quando).
 */
export function postManualRefund(call: ApiCall): Promise<ApiResult> {
  return postOrderWrite(call, { role: 'admin' }, async (caller, number, body) => {
    const parsed = DeskManualRefundBodySchema.safeParse(body.data);
    if (!parsed.success) throw deskError('manual_refund_input');
    const { como: how, quando: day, devolucao: refundId } = parsed.data;
    await getOrderDeskService().recordManualRefund(caller.actor, { number, how, day, refundId });
    return { done: 'manual_refund', answer: { estorno_confirmado: true, ...(refundId === undefined ? {} : { devolucao: refundId }) } };
  });
}

/**
 * POST /api/painel/pedidos/{number}/devolucao-parcial: an admin refunds chosen quantities of the
 * order's lines (decision 1140): the refund's id, its amount and whether the gateway gave it back
 * (`estorno_confirmado`); a refusal sent back to the form names the line.
 */
export function postPartialRefund(call: ApiCall): Promise<ApiResult> {
  return postOrderWrite(call, { role: 'admin' }, async (caller, number, body) => {
    const parsed = DeskPartialRefundBodySchema.safeParse(body.form ? toPartialRefundBody(body.data as Record<string, unknown>) : body.data);
    if (!parsed.success) throw partialRefundError({ code: 'partial_refund_none' });
    const lines = parsed.data.linhas.map((line) => ({ position: line.posicao, quantity: line.qtde }));
    const outcome = await getOrderDeskService().refundLines(caller.actor, { number, lines, reason: parsed.data.motivo });
    return {
      done: outcome.moneyReturned ? 'partial_refund' : 'partial_refund_manual',
      answer: { devolucao: outcome.refundId, valor_minor: outcome.amountMinor, estorno_confirmado: outcome.moneyReturned },
    };
  });
}

const TIMELINE = { anchor: '#linha-do-tempo' };

/** POST /api/painel/pedidos/{number}/notas: a staff note on the order's timeline (audited). */
export function postOrderNote(call: ApiCall): Promise<ApiResult> {
  return postOrderWrite(call, TIMELINE, async (caller, number, body) => {
    const parsed = DeskNoteBodySchema.safeParse(body.data);
    if (!parsed.success) throw timelineError('note_invalid');
    await getOrderDeskService().addNote(caller.actor, number, parsed.data.nota);
    return { done: 'note' };
  });
}

/** POST /api/painel/pedidos/{number}/reenvio: queues again an e-mail the order has sent (audited). */
export function postResendMail(call: ApiCall): Promise<ApiResult> {
  return postOrderWrite(call, TIMELINE, async (caller, number, body) => {
    const parsed = DeskResendBodySchema.safeParse(body.data);
    if (!parsed.success) throw timelineError('mail_not_sent');
    await getOrderDeskService().resendMail(caller.actor, number, parsed.data.tipo);
    return { done: 'resent' };
  });
}

function redirect(location: string): ApiResult {
  return rawResult(303, null, { location, 'cache-control': 'no-store' });
}

/** The flash line of a page after a form's redirect: `?feito=` or `?erro=` (&atual=), in the staff member's language. */
export function getOutcomeMessage(params: URLSearchParams, locale: Locale): { ok: boolean; text: string } | null {
  const t = createTranslator(orderDeskMessages, locale);
  const done = params.get('feito');
  const timeline = createTranslator(orderTimelineMessages, locale);
  if (done === 'note' || done === 'resent') return { ok: true, text: timeline(`done_${done}`) };
  const timelineCode = params.get('erro');
  if (timelineCode && `error_${timelineCode}` in orderTimelineMessages['pt-BR']) {
    // The cap's message names the limit (the same the refusal's JSON answer names).
    return {
      ok: false,
      text: timeline(`error_${timelineCode}` as OrderTimelineMessageKey, { max: getConfig().MAIL_MAX_PER_RECIPIENT_PER_HOUR }),
    };
  }
  if (done && ['ENVIADO', 'RETIRADO', 'CANCELADO', 'ESTORNADO', 'manual_refund', 'partial_refund'].includes(done)) {
    if (done === 'ESTORNADO' && params.get('estorno') === 'pendente') return { ok: false, text: t('refundPending') };
    return { ok: true, text: t(`done_${done}` as OrderDeskMessageKey) };
  }
  if (done === 'partial_refund_manual') return { ok: false, text: t('done_partial_refund_manual') };
  const code = params.get('erro');
  if (!code || !(`error_${code}` in orderDeskMessages['pt-BR'])) return null;
  const current = params.get('atual');
  const status = current && /^[A-Z_]{1,20}$/.test(current) ? current : null;
  // A partial refund's refusal names the line (what the JSON answer's message names).
  const line = { item: (params.get('item') ?? '').slice(0, 200), left: (params.get('left') ?? '').slice(0, 9) };
  return { ok: false, text: t(`error_${code}` as OrderDeskMessageKey, { ...line, ...toStatusParams(status, locale) }) };
}

/** GET /painel/pedidos.csv?{filters}: the filtered list as a spreadsheet in the staff member's locale (formula cells neutralised). */
export async function exportOrdersCsv(service: OrderDeskService, caller: DeskCaller, url: URL): Promise<Response> {
  const t = createTranslator(orderDeskMessages, caller.locale);
  const ts = createTranslator(orderMessages, caller.locale);
  const { filters } = readDeskFilters(url.searchParams);
  const rows = await service.exportOrders(caller.actor, filters);
  const csv = toCsv(
    [
      [
        t('colNumber'),
        t('colDate'),
        t('colStatus'),
        t('colHost'),
        t('colDelivery'),
        t('colBuyer'),
        t('colEmail'),
        t('colDocument'),
        t('colCurrency'),
        t('colTotal'),
        t('colPaidAt'),
      ],
      ...rows.map((row) => [
        row.number,
        toCsvTime(row.created_at),
        toStatusLabel(ts, row.status),
        row.locale === 'pt-BR' ? 'br' : 'es',
        ts(`delivery_${row.delivery_type}` as Parameters<typeof ts>[0]),
        row.buyer_name,
        row.email,
        toDocumentLabel(row.document_type, row.document),
        row.iso_code,
        toCsvAmount(row.total_minor, row.decimals, caller.locale),
        toCsvTime(row.paid_at),
      ]),
    ],
    caller.locale,
  );
  return csvDownload(csv, 'pedidos');
}

export type CounterLookup = { ok: true; order: DeskOrderDetail } | { ok: false; status: 404 | 429 | 422; message: string; typed: string };

/** POST /painel/balcao: the order of a typed or scanned pickup code, or why there is none. */
export async function lookUpPickupCode(service: OrderDeskService, caller: DeskCaller, form: FormData, ip: string): Promise<CounterLookup> {
  const t = createTranslator(orderDeskMessages, caller.locale);
  const parsed = CounterLookupFormSchema.safeParse({ codigo: form.get('codigo') });
  if (!parsed.success) return { ok: false, status: 422, message: t('error_invalid_input'), typed: '' };
  const typed = parsed.data.codigo;
  try {
    const order = await service.findByPickupCode(caller.actor, typed, ip);
    if (order) return { ok: true, order };
    return { ok: false, status: 404, message: t('counterWrongCode', { code: typed }), typed };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === 'too_many_attempts') return { ok: false, status: 429, message: t('error_too_many_attempts'), typed };
    return { ok: false, status: 404, message: t('counterWrongCode', { code: typed }), typed };
  }
}

/** Reads the filters from a URL; a bad field is named (the page says which) and the others still apply. */
export function readDeskFilters(params: URLSearchParams): { filters: DeskFilters; invalid: string[] } {
  return readQueryFilters(DeskFiltersSchema, params);
}

/** The same filters as a query string (paging links, the CSV link). */
export function toFilterQuery(filters: DeskFilters, overrides: Partial<DeskFilters> = {}): string {
  return toQueryString(filters, overrides);
}
