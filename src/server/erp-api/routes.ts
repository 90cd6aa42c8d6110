// The ERP API's HTTP handlers, framework-free: the endpoint files under src/pages/api/painel/v1
// are one-line adapters. Every answer is JSON; every refusal says why in the caller's language.
import type { z } from 'zod';
import { commonMessages } from '#lib/i18n/common.ts';
import { erpMessages } from '#lib/i18n/erp-api.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorResponse, toErrorResult } from '../http/error-result.ts';
import { json, jsonError, toFieldErrors, zodMessagesIn } from '../http/responses.ts';
import { erpError } from './errors.ts';
import type { ActiveKey } from './repository.ts';
import { toReasonText } from '../catalogue-import/routes.ts';
import {
  BulkEnvelopeSchema,
  MAX_BULK_ROWS,
  MAX_UPSERT_ROWS,
  type ProductUpsertResult,
  PaidOrdersQuerySchema,
  PriceRowSchema,
  StockRowSchema,
  type ApiScope,
  type BulkResult,
} from '#lib/contract/erp-api.ts';
import type { BulkOutcome, ErpApiService, KeyActor, RowRejection } from './service.ts';

export interface ErpCall {
  request: Request;
  url: URL;
  locale: Locale;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

function readBearer(request: Request): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

/** Authenticates the key for `scope`, then runs `handle`; refusals answer through the one mapper (decision 0720). */
async function withKey(
  service: ErpApiService,
  call: ErpCall,
  scope: ApiScope | null,
  handle: (key: ActiveKey) => Promise<Response>,
): Promise<Response> {
  try {
    return await handle(await service.authenticate(readBearer(call.request), scope));
  } catch (error) {
    return toErrorResponse(error, call.locale);
  }
}

type RowSchema = typeof StockRowSchema | typeof PriceRowSchema;

/**
 * The rows of a bulk body, each checked alone: the valid ones (first of each codigo) go on,
 * the others come back as rejections with their field errors. A Response when the body as a
 * whole is unusable (not JSON, no itens, too many rows).
 */
function readRows<S extends RowSchema>(text: string, contentType: string | null, schema: S, locale: Locale) {
  const c = createTranslator(commonMessages, locale);
  const t = createTranslator(erpMessages, locale);
  if (!/^application\/json\b/i.test(contentType ?? '')) return jsonError(415, c('unsupportedMediaType'));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonError(400, c('invalidJson'));
  }
  const envelope = BulkEnvelopeSchema.safeParse(body, zodMessagesIn(locale));
  if (!envelope.success) return jsonError(422, t('invalidRows', { max: MAX_BULK_ROWS }), toFieldErrors(envelope.error.issues));
  const items = envelope.data.itens;
  if (items.length > MAX_BULK_ROWS) return jsonError(413, t('error_too_many_rows', { max: MAX_BULK_ROWS, count: items.length }));
  const valid: (z.output<S> & { linha: number })[] = [];
  const rejected: RowRejection[] = [];
  const seen = new Set<string>();
  items.forEach((item, linha) => {
    const parsed = schema.safeParse(item, zodMessagesIn(locale));
    const raw = typeof item === 'object' && item !== null && 'codigo' in item ? (item as { codigo: unknown }).codigo : null;
    const codigo = typeof raw === 'string' ? raw.trim().slice(0, 60) : null;
    if (!parsed.success) rejected.push({ linha, codigo, motivo: 'valor_invalido', campos: toFieldErrors(parsed.error.issues) });
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
  return { ...outcome, rejeitados: outcome.rejeitados.map((row) => ({ ...row, mensagem: t(`row_${row.motivo}`) })) };
}

async function postBulk<S extends RowSchema>(
  service: ErpApiService,
  call: ErpCall,
  scope: ApiScope,
  schema: S,
  apply: (key: ActiveKey, rows: (z.output<S> & { linha: number })[], early: RowRejection[], received: number) => Promise<BulkOutcome>,
): Promise<Response> {
  return withKey(service, call, scope, async (key) => {
    const idempotencyKey = call.request.headers.get('idempotency-key');
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      return jsonError(400, createTranslator(erpMessages, call.locale)('invalidIdempotencyKey'));
    }
    let text: string;
    try {
      text = await call.request.text();
    } catch {
      return jsonError(400, createTranslator(commonMessages, call.locale)('invalidJson'));
    }
    const answer = await service.runIdempotent(key, idempotencyKey, text, async () => {
      const rows = readRows(text, call.request.headers.get('content-type'), schema, call.locale);
      if (rows instanceof Response) return { status: rows.status, body: (await rows.json()) as unknown };
      return { status: 200, body: toBulkResult(await apply(key, rows.valid, rows.rejected, rows.received), call.locale) as unknown };
    });
    return json(answer.body, { status: answer.status, headers: answer.replayed ? { 'idempotent-replayed': 'true' } : {} });
  });
}

/** POST /api/painel/v1/estoque (scope stock): sets stock by codigo, up to 5,000 rows. */
export function postStock(service: ErpApiService, call: ErpCall): Promise<Response> {
  return postBulk(service, call, 'stock', StockRowSchema, (key, rows, early, received) => service.setStock(key, rows, early, received));
}

/** POST /api/painel/v1/precos (scope prices): sets prices by codigo, up to 5,000 rows. */
export function postPrices(service: ErpApiService, call: ErpCall): Promise<Response> {
  return postBulk(service, call, 'prices', PriceRowSchema, (key, rows, early, received) => service.setPrices(key, rows, early, received));
}

/**
 * POST /api/painel/v1/produtos (scope catalogue): creates or updates up to 500 products by codigo
 * with the catalogue import's rules; rows at fault are listed with their fields, the rest written.
 */
export function postProducts(service: ErpApiService, call: ErpCall): Promise<Response> {
  return withKey(service, call, 'catalogue', async (key) => {
    const c = createTranslator(commonMessages, call.locale);
    const t = createTranslator(erpMessages, call.locale);
    if (!/^application\/json\b/i.test(call.request.headers.get('content-type') ?? '')) return jsonError(415, c('unsupportedMediaType'));
    let body: unknown;
    try {
      body = JSON.parse(await call.request.text());
    } catch {
      return jsonError(400, c('invalidJson'));
    }
    const envelope = BulkEnvelopeSchema.safeParse(body, zodMessagesIn(call.locale));
    if (!envelope.success) return jsonError(422, t('invalidRows', { max: MAX_UPSERT_ROWS }), toFieldErrors(envelope.error.issues));
    const items = envelope.data.itens;
    if (items.length > MAX_UPSERT_ROWS) return jsonError(413, t('error_too_many_rows', { max: MAX_UPSERT_ROWS, count: items.length }));
    const outcome = await service.upsertProducts(key, items);
    const result: ProductUpsertResult = {
      ...outcome,
      rejeitados: outcome.rejeitados.map((row) => ({
        linha: row.linha,
        codigo: row.codigo,
        motivo: 'valor_invalido',
        mensagem: t('row_valor_invalido'),
        campos: Object.fromEntries(row.issues.map((issue) => [issue.field, [toReasonText(issue, call.locale)]])),
      })),
    };
    return json(result);
  });
}

/** GET /api/painel/v1/pedidos-pagos?cursor=&limite= (scope orders:read). */
export function getPaidOrders(service: ErpApiService, call: ErpCall): Promise<Response> {
  return withKey(service, call, 'orders:read', async () => {
    const raw = Object.fromEntries(call.url.searchParams);
    const query = PaidOrdersQuerySchema.safeParse(raw, zodMessagesIn(call.locale));
    if (!query.success) {
      const fields = toFieldErrors(query.error.issues);
      return jsonError(
        400,
        createTranslator(commonMessages, call.locale)('invalidParams', { fields: Object.keys(fields).join(', ') }),
        fields,
      );
    }
    return json(await service.listPaidOrders(query.data.cursor, query.data.limite));
  });
}

/**
 * Any other method on an ERP route: the key is checked first (a caller without one learns
 * nothing), then 405 naming the allowed method.
 */
export function refuseMethod(service: ErpApiService, call: ErpCall, allowed: 'GET' | 'POST'): Promise<Response> {
  return withKey(service, call, null, async () =>
    jsonError(405, createTranslator(erpMessages, call.locale)('methodNotAllowed', { method: allowed }), undefined, {
      headers: { allow: allowed },
    }),
  );
}

/** GET /api/painel/v1/openapi.json: the API's description, to any live key. */
export function getOpenApiDocument(service: ErpApiService, call: ErpCall, document: () => unknown): Promise<Response> {
  return withKey(service, call, null, async () => json(document()));
}

export type KeysNotice = { ok: boolean; text: string; secret?: string; status: number };

/** POST /painel/chaves-api: an admin creates a key (its secret shown once) or revokes one. */
export async function handleKeysForm(service: ErpApiService, actor: KeyActor, form: FormData | null, locale: Locale): Promise<KeysNotice> {
  const t = createTranslator(erpMessages, locale);
  const action = form?.get('acao');
  try {
    if (action === 'criar') {
      const scopes = (form?.getAll('escopo') ?? []).map(String);
      const created = await service.createKey(actor, { name: String(form?.get('nome') ?? ''), scopes });
      return { ok: true, status: 201, text: t('created', { name: created.key.name }), secret: created.secret };
    }
    const id = Number(form?.get('id'));
    if (action !== 'revogar' || !Number.isSafeInteger(id) || id <= 0) throw erpError('not_found', 'error_key_not_found');
    const revoked = await service.revokeKey(actor, id);
    return { ok: true, status: 200, text: t('revoked', { name: revoked.name }) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const refusal = toErrorResult(error, locale);
    return { ok: false, status: refusal.status, text: (refusal.body as { message: string }).message };
  }
}
