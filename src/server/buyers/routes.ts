import { BuyerFiltersSchema, BuyerNoteBodySchema } from '#lib/contract/buyers.ts';
import { toCsv, toCsvTime } from '#lib/csv.ts';
import { buyersPanelMessages } from '#lib/i18n/buyers-panel.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { ApiCall } from '../http/api-call.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorResult } from '../http/error-result.ts';
import { csvResult, jsonResult, rawResult, type ApiResult, type BodySource } from '../http/responses.ts';
import { readQueryFilters } from '../http/query-filters.ts';
import { checkApiStaff, getPanelLocale, getPanelTexts, toAuditActor } from '../staff/index.ts';
import { buyerError } from './errors.ts';
import { getBuyerService } from './index.ts';
import type { OpenedDocument } from './service.ts';

/**
 * How a decrypted identity document leaves the server: never cached, its type from its bytes,
 * no sniffing, a file name, and a CSP that sandboxes it (no script, no form, no navigation of
 * the panel), so even a crafted file shown inline can do nothing. Unknown types download.
 */
function toDocumentResult(document: OpenedDocument): ApiResult {
  const inline = document.contentType !== 'application/octet-stream';
  return rawResult(200, new Uint8Array(document.bytes), {
    'content-type': document.contentType,
    'content-length': String(document.bytes.length),
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${document.fileName}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  });
}

/** GET /api/painel/documentos/{uuid}: an identity document, decrypted for an admin; each view audited. */
export async function getBuyerDocument({ id, locals }: ApiCall): Promise<ApiResult> {
  const staff = checkApiStaff(locals, { role: 'admin' });
  if ('status' in staff) return staff;
  const document = await getBuyerService().openDocument(toAuditActor(staff), id);
  if (!document) return toErrorResult(buyerError('not_found', 'documentGone'), getPanelLocale(locals));
  return toDocumentResult(document);
}

/** The customer list's filters from a URL (the page and the JSON call read the same). */
export function readBuyerFilters(params: URLSearchParams) {
  return readQueryFilters(BuyerFiltersSchema, params);
}

/**
 * GET /api/painel/clientes?{filters}: one page of customers as JSON (admins). A bad filter is
 * refused with its field named, in the staff member's language.
 */
export async function getBuyerList({ locals, url }: ApiCall): Promise<ApiResult> {
  const staff = checkApiStaff(locals, { role: 'admin' });
  if ('status' in staff) return staff;
  const { filters, invalid } = readBuyerFilters(url.searchParams);
  if (invalid.length) {
    const fields = Object.fromEntries(invalid.map((field) => [field, ['filterInvalid' as const]]));
    return toErrorResult(
      buyerError('invalid', 'filterInvalid', { params: { fields: invalid.join(', ') }, fields }),
      getPanelLocale(locals),
    );
  }
  const list = await getBuyerService().listBuyers(filters);
  return jsonResult(200, {
    pagina: list.page,
    paginas: list.pages,
    total: list.total,
    clientes: list.rows.map((row) => ({
      uuid: row.uuid,
      nome: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      pais: row.country_id === 1 ? 'BR' : 'PY',
      cadastrado_em: row.created_at.toISOString(),
      email_confirmado: row.email_verified,
      pedidos: row.order_count,
    })),
  });
}

/**
 * GET /api/painel/clientes.csv?{filters}: every customer the list's filters match, as a
 * spreadsheet in the admin's locale (the one CSV writer: `;`, formula cells neutralised); audited.
 * A bad filter is refused as the JSON list refuses it.
 */
export async function getBuyersCsv(call: ApiCall): Promise<ApiResult> {
  const { locals, url } = call;
  const staff = checkApiStaff(locals, { role: 'admin' });
  if ('status' in staff) return staff;
  const locale = getPanelLocale(locals);
  const { filters, invalid } = readBuyerFilters(url.searchParams);
  if (invalid.length) return getBuyerList(call);
  const t = getPanelTexts(locale);
  const tb = createTranslator(buyersPanelMessages, locale);
  const rows = await getBuyerService().exportBuyers(toAuditActor(staff), filters);
  const csv = toCsv(
    [
      [
        t('colName'),
        t('colEmail'),
        t('colPhoneNumber'),
        t('colDocument'),
        t('colCountry'),
        t('colCreated'),
        tb('colConfirmed'),
        tb('colOrders'),
      ],
      ...rows.map((row) => [
        `${row.first_name} ${row.last_name}`.trim(),
        row.email,
        row.phone,
        `${row.document_type} ${row.document}`.trim(),
        tb(row.country_id === 1 ? 'countryBR' : 'countryPY'),
        toCsvTime(row.created_at),
        tb(row.email_verified ? 'filterYes' : 'filterNo'),
        row.order_count,
      ]),
    ],
    locale,
  );
  return csvResult(csv, 'clientes');
}

async function readNoteBody(source: BodySource): Promise<{ form: boolean; data: unknown }> {
  const type = source.contentType ?? '';
  const text = await source.text();
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return { form: true, data: Object.fromEntries(new URLSearchParams(text)) };
  try {
    return { form: false, data: JSON.parse(text) };
  } catch {
    return { form: false, data: null };
  }
}

/** POST /api/painel/clientes/{uuid}/notas: a staff note on the customer (admins, audited); JSON, or the page's form (303 back). */
export async function postBuyerNote(call: ApiCall): Promise<ApiResult> {
  const staff = checkApiStaff(call.locals, { role: 'admin' });
  if ('status' in staff) return staff;
  const locale = getPanelLocale(call.locals);
  const body = await readNoteBody(call.body);
  const back = `/painel/clientes/${encodeURIComponent(call.id)}`;
  try {
    const parsed = BuyerNoteBodySchema.safeParse(body.data);
    if (!parsed.success) throw buyerError('invalid', 'noteInvalid', { fields: { nota: ['noteInvalid'] } });
    await getBuyerService().addNote(toAuditActor(staff), call.id, parsed.data.nota);
    if (body.form) return rawResult(303, null, { location: `${back}?nota=ok#notas`, 'cache-control': 'no-store' });
    return jsonResult(200, { cliente: call.id, nota: 'ok' });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (body.form) return rawResult(303, null, { location: `${back}?nota=erro#notas`, 'cache-control': 'no-store' });
    return toErrorResult(error, locale);
  }
}
