// The ERP API's HTTP handlers, framework-free (ApiCall in, ApiResult out): the endpoint files
// under src/pages/api/painel/v1 are `toAstroRoute(handler)`. Every answer is JSON; every refusal
// says why in the caller's language.
import type { z } from 'zod';
import { commonMessages } from '#lib/i18n/common.ts';
import { erpMessages } from '#lib/i18n/erp-api.ts';
import { isPanelLocale, toPanelLocale, type PanelLocale } from '#lib/i18n/panel.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { ApiCall, ApiHandler } from '../http/api-call.ts';
import { toErrorResult } from '../http/error-result.ts';
import {
  errorResult,
  jsonResult,
  readJsonText,
  toFieldErrors,
  zodMessagesIn,
  type ApiResult,
  type HeaderReader,
} from '../http/responses.ts';
import { erpError } from './errors.ts';
import { getErpApiService } from './index.ts';
import type { ActiveKey } from './repository.ts';
import { toReasonText } from '../catalogue-import/routes.ts';
import {
  BulkEnvelopeSchema,
  MAX_BULK_ROWS,
  MAX_UPSERT_ROWS,
  type ProductUpsertResult,
  OrderEventsQuerySchema,
  PaidOrdersQuerySchema,
  PriceRowSchema,
  RatesPutSchema,
  StockRowSchema,
  type ApiScope,
  type BulkResult,
} from '#lib/contract/erp-api.ts';
import { getErpOpenApiDocument } from '#lib/contract/erp-api-openapi.ts';
import { toRowIssues } from '#lib/contract/catalogue-product.ts';
import type { BulkOutcome, ErpApiService, KeyActor, RowRejection } from './service.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

function readBearer(headers: HeaderReader): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1] ?? null;
}

/** Authenticates the key for `scope`, then runs `handle`; refusals answer through the one mapper (decision 0720). */
async function withKey(
  service: ErpApiService,
  call: ApiCall,
  scope: ApiScope | null,
  handle: (key: ActiveKey, locale: Locale) => Promise<ApiResult>,
): Promise<ApiResult> {
  // The host's language until the key is known, then the key's own (chosen in the panel).
  let locale: Locale = call.locals.locale;
  try {
    const key = await service.identify(readBearer(call.headers));
    locale = key.locale;
    await service.authorize(key, scope);
    return await handle(key, locale);
  } catch (error) {
    return toErrorResult(error, locale);
  }
}

type RowSchema = typeof StockRowSchema | typeof PriceRowSchema;

/**
 * The rows of a bulk body, each checked alone: the valid ones (first of each codigo) go on,
 * the others come back as rejections with their field errors. An ApiResult when the body as a
 * whole is unusable (not JSON, no itens, too many rows).
 */
function readRows<S extends RowSchema>(text: string, contentType: string | null, schema: S, locale: Locale) {
  const c = createTranslator(commonMessages, locale);
  const t = createTranslator(erpMessages, locale);
  if (!/^application\/json\b/i.test(contentType ?? '')) return errorResult(415, c('unsupportedMediaType'));
  const body = readJsonText(text, locale);
  if (!body.ok) return body.result;
  const envelope = BulkEnvelopeSchema.safeParse(body.data, zodMessagesIn(locale));
  if (!envelope.success) return errorResult(422, t('invalidRows', { max: MAX_BULK_ROWS }), toFieldErrors(envelope.error.issues));
  const items = envelope.data.itens;
  if (items.length > MAX_BULK_ROWS) return errorResult(413, t('error_too_many_rows', { max: MAX_BULK_ROWS, count: items.length }));
  const valid: (z.output<S> & { linha: number })[] = [];
  const rejected: RowRejection[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const linha = index + 1;
    const parsed = schema.safeParse(item, zodMessagesIn(locale));
    const raw = typeof item === 'object' && item !== null && 'codigo' in item ? (item as { codigo: unknown }).codigo : null;
    const codigo = typeof raw === 'string' ? raw.trim().slice(0, 60) : null;
    // Worded as /produtos words its rows (toBulkResult), whichever rule refused the value.
    if (!parsed.success) rejected.push({ linha, codigo, motivo: 'valor_invalido', issues: toRowIssues(parsed.error) });
    else if (seen.has(parsed.data.codigo)) rejected.push({ linha, codigo, motivo: 'codigo_repetido' });
    else {
      seen.add(parsed.data.codigo);
      valid.push({ ...(parsed.data as z.output<S>), linha });
    }
  });
  return { valid, rejected, received: items.length };
}

function toBulkResult(outcome: BulkOutcome, locale: Locale): BulkResult {
  const t = createTranslator(erpMessages, locale);
  return {
    ...outcome,
    rejeitados: outcome.rejeitados.map(({ issues, ...row }) => ({
      ...row,
      ...(issues ? { campos: Object.fromEntries(issues.map((issue) => [issue.field, [toReasonText(issue, locale)]])) } : {}),
      mensagem: t(`row_${row.motivo}`),
    })),
  };
}

async function postBulk<S extends RowSchema>(
  call: ApiCall,
  scope: ApiScope,
  schema: S,
  apply: (
    service: ErpApiService,
    key: ActiveKey,
    rows: (z.output<S> & { linha: number })[],
    early: RowRejection[],
    received: number,
  ) => Promise<BulkOutcome>,
): Promise<ApiResult> {
  const service = getErpApiService();
  return withKey(service, call, scope, async (key, locale) => {
    const idempotencyKey = call.headers.get('idempotency-key');
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      return errorResult(400, createTranslator(erpMessages, locale)('invalidIdempotencyKey'));
    }
    let text: string;
    try {
      text = await call.body.text();
    } catch {
      return errorResult(400, createTranslator(commonMessages, locale)('invalidJson'));
    }
    const answer = await service.runIdempotent(key, idempotencyKey, text, async () => {
      const rows = readRows(text, call.body.contentType, schema, locale);
      if ('status' in rows) return { status: rows.status, body: rows.body };
      return { status: 200, body: toBulkResult(await apply(service, key, rows.valid, rows.rejected, rows.received), locale) as unknown };
    });
    return jsonResult(answer.status, answer.body, answer.replayed ? { 'idempotent-replayed': 'true' } : undefined);
  });
}

/** POST /api/painel/v1/estoque (scope stock): sets stock by codigo, up to 5,000 rows. */
export const postStock: ApiHandler = (call) =>
  postBulk(call, 'stock', StockRowSchema, (service, key, rows, early, received) => service.setStock(key, rows, early, received));

/** POST /api/painel/v1/precos (scope prices): sets prices by codigo, up to 5,000 rows. */
export const postPrices: ApiHandler = (call) =>
  postBulk(call, 'prices', PriceRowSchema, (service, key, rows, early, received) => service.setPrices(key, rows, early, received));

/**
 * POST /api/painel/v1/produtos (scope catalogue): creates or updates up to 500 products by codigo
 * with the catalogue import's rules; rows at fault are listed with their fields, the rest written.
 */
export const postProducts: ApiHandler = (call) => {
  const service = getErpApiService();
  return withKey(service, call, 'catalogue', async (key, locale) => {
    const c = createTranslator(commonMessages, locale);
    const t = createTranslator(erpMessages, locale);
    if (!/^application\/json\b/i.test(call.body.contentType ?? '')) return errorResult(415, c('unsupportedMediaType'));
    let text: string;
    try {
      text = await call.body.text();
    } catch {
      return errorResult(400, c('invalidJson'));
    }
    const body = readJsonText(text, locale);
    if (!body.ok) return body.result;
    const envelope = BulkEnvelopeSchema.safeParse(body.data, zodMessagesIn(locale));
    if (!envelope.success) return errorResult(422, t('invalidRows', { max: MAX_UPSERT_ROWS }), toFieldErrors(envelope.error.issues));
    const items = envelope.data.itens;
    if (items.length > MAX_UPSERT_ROWS) return errorResult(413, t('error_too_many_rows', { max: MAX_UPSERT_ROWS, count: items.length }));
    const outcome = await service.upsertProducts(key, items);
    const result: ProductUpsertResult = {
      ...outcome,
      rejeitados: outcome.rejeitados.map((row) => ({
        linha: row.linha,
        codigo: row.codigo,
        motivo: 'valor_invalido',
        mensagem: t('row_valor_invalido'),
        campos: Object.fromEntries(row.issues.map((issue) => [issue.field, [toReasonText(issue, locale)]])),
      })),
    };
    return jsonResult(200, result);
  });
};

/** A feed read by cursor (`?cursor=&limite=`): the page `list` gives, or 400 naming the bad parameters. */
function getFeed<T>(
  call: ApiCall,
  scope: ApiScope,
  schema: typeof PaidOrdersQuerySchema | typeof OrderEventsQuerySchema,
  list: (cursor: string | undefined, limit: number) => Promise<T>,
): Promise<ApiResult> {
  return withKey(getErpApiService(), call, scope, async (_key, locale) => {
    const query = schema.safeParse(Object.fromEntries(call.url.searchParams), zodMessagesIn(locale));
    if (!query.success) {
      const fields = toFieldErrors(query.error.issues);
      return errorResult(
        400,
        createTranslator(commonMessages, locale)('invalidParams', { fields: Object.keys(fields).join(', ') }),
        fields,
      );
    }
    return jsonResult(200, await list(query.data.cursor, query.data.limite));
  });
}

/** GET /api/painel/v1/pedidos-pagos?cursor=&limite= (scope orders:read). */
export const getPaidOrders: ApiHandler = (call) => getFeed(call, 'orders:read', PaidOrdersQuerySchema, getErpApiService().listPaidOrders);

/** GET /api/painel/v1/pedidos-eventos?cursor=&limite= (scope orders:events): every later change of the orders. */
export const getOrderEvents: ApiHandler = (call) =>
  getFeed(call, 'orders:events', OrderEventsQuerySchema, getErpApiService().listOrderEvents);

/** GET /api/painel/v1/cotacoes (scope rates): the current USD rates and the currencies without one. */
export const getRates: ApiHandler = (call) => {
  const service = getErpApiService();
  return withKey(service, call, 'rates', async () => jsonResult(200, await service.getRates()));
};

/** PUT /api/painel/v1/cotacoes (scope rates): creates or changes the USD rates named; answers them all. */
export const putRates: ApiHandler = (call) => {
  const service = getErpApiService();
  return withKey(service, call, 'rates', async (key, locale) => {
    const c = createTranslator(commonMessages, locale);
    if (!/^application\/json\b/i.test(call.body.contentType ?? '')) return errorResult(415, c('unsupportedMediaType'));
    let body: unknown;
    try {
      body = JSON.parse(await call.body.text());
    } catch {
      return errorResult(400, c('invalidJson'));
    }
    const parsed = RatesPutSchema.safeParse(body, zodMessagesIn(locale));
    if (!parsed.success) {
      return errorResult(422, createTranslator(erpMessages, locale)('invalidRates'), toFieldErrors(parsed.error.issues));
    }
    return jsonResult(200, await service.setRates(key, parsed.data.cotacoes));
  });
};

/**
 * Any other method on an ERP route: the key is checked first (a caller without one learns
 * nothing), then 405 naming the allowed method.
 */
export function refuseMethod(allowed: 'GET' | 'POST' | 'GET, PUT'): ApiHandler {
  return (call) =>
    withKey(getErpApiService(), call, null, async (_key, locale) =>
      errorResult(405, createTranslator(erpMessages, locale)('methodNotAllowed', { method: allowed }), undefined, { allow: allowed }),
    );
}

/** GET /api/painel/v1/openapi.json: the API's description, to any live key. */
export const getOpenApiDocument: ApiHandler = (call) =>
  withKey(getErpApiService(), call, null, async () => jsonResult(200, getErpOpenApiDocument()));

/** A keys form's outcome; a refused new key brings back what was typed, for the form to show again. */
export type KeysNotice = {
  ok: boolean;
  text: string;
  secret?: string;
  status: number;
  typed?: { name: string; scopes: string[]; locale: PanelLocale | undefined };
};

/** POST /painel/chaves-api: an admin creates a key (its secret shown once) or revokes one. */
export async function handleKeysForm(service: ErpApiService, actor: KeyActor, form: FormData | null, locale: Locale): Promise<KeysNotice> {
  const t = createTranslator(erpMessages, locale);
  const action = form?.get('acao');
  try {
    if (action === 'criar') {
      const scopes = (form?.getAll('escopo') ?? []).map(String);
      // The key's language: the one chosen, else the creator's panel language.
      const chosen = form?.get('idioma');
      const keyLocale = isPanelLocale(chosen) ? chosen : toPanelLocale(locale);
      const created = await service.createKey(actor, { name: String(form?.get('nome') ?? ''), scopes, locale: keyLocale });
      return { ok: true, status: 201, text: t('created', { name: created.key.name }), secret: created.secret };
    }
    const id = Number(form?.get('id'));
    if (action !== 'revogar' || !Number.isSafeInteger(id) || id <= 0) throw erpError('not_found', 'error_key_not_found');
    const revoked = await service.revokeKey(actor, id);
    return { ok: true, status: 200, text: t('revoked', { name: revoked.name }) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const refusal = toErrorResult(error, locale);
    const chosen = form?.get('idioma');
    const typed =
      action === 'criar'
        ? {
            name: String(form?.get('nome') ?? ''),
            scopes: (form?.getAll('escopo') ?? []).map(String),
            locale: isPanelLocale(chosen) ? chosen : undefined,
          }
        : undefined;
    return { ok: false, status: refusal.status, text: (refusal.body as { message: string }).message, typed };
  }
}
