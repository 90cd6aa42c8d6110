// The catalogue import's HTTP handlers, texts and file readers, framework-free: the panel page
// /painel/catalogo/importar, its template download and the terminal command (scripts/) use these.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import streamArray from 'stream-json/streamers/stream-array.js';
import { toCsv } from '#lib/csv.ts';
import { isUuid } from '#lib/contract/input.ts';
import type { RowIssue } from '#lib/contract/catalogue-product.ts';
import { catalogueImportMessages } from '#lib/i18n/panel-import.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { csvDownload, readJsonText, toResponse, type BodySource } from '../http/responses.ts';
import { spoolMultipart } from '../http/multipart.ts';
import { getPictureBatches, PICTURE_FILES_FIELD, readUploadedPictures, toPictureUploadLimits } from '../catalogue-media/index.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorResult } from '../http/error-result.ts';
import { tooManyRequestsError } from '../rate-limit/errors.ts';
import { getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { importError, isImportError, MAX_LINE_CHARS, UPLOAD_LIMIT_MB } from './errors.ts';
import type { ImportFormat, ImportJob, ImportJobs, ImportSummary, OpenRows, RejectedRow, SourceRow } from './service.ts';

/**
 * Import files, read as streams (100,000 products never sit in memory whole):
 * - CSV (csv-parse): UTF-8 with or without BOM, `,` or `;` as the first line uses, one product a
 *   line, the columns of TEMPLATE_COLUMNS; a cell given empty clears that field, a column left out
 *   keeps it. Specifications `Name: value | Name: value`, pictures `a.jpg | b.jpg`.
 * - JSON: an array of products (stream-json), or JSON Lines (one object a line); the fields of
 *   CatalogueProductSchema. The "line" of an array item is its position (1 = the first item).
 */
type OpenBytes = () => Readable;

export const TEMPLATE_COLUMNS = [
  'codigo',
  'nome_pt',
  'nome_es',
  'descritivo_pt',
  'descritivo_es',
  'descricao_pt',
  'descricao_es',
  'marca',
  'categoria_pt',
  'categoria_es',
  'departamento_pt',
  'departamento_es',
  'icone_categoria',
  'preco',
  'moeda',
  'estoque',
  'mostrar_preco',
  'especificacoes_pt',
  'especificacoes_es',
  'imagens',
] as const;
/** The rejects download's reason column: a fixed rejects file imports again with it left in. */
const REASON_COLUMN = 'motivo';
const REQUIRED_COLUMNS = ['codigo', 'nome_pt', 'nome_es', 'marca', 'categoria_pt', 'preco', 'estoque'];
const ALIASES: Record<string, string> = { categoria: 'categoria_pt', departamento: 'departamento_pt', codigo_produto: 'codigo' };

/** The first bytes of the file, to choose the separator or the JSON form. */
async function readHead(open: OpenBytes, bytes = 64 * 1024): Promise<string> {
  const stream = open();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= bytes) break;
  }
  stream.destroy();
  const all = Buffer.concat(chunks);
  // Cut at the last line end read, so a character split by the 64 KB boundary is not judged.
  const end = size >= bytes ? all.lastIndexOf(10) : all.length;
  return all
    .subarray(0, end < 0 ? all.length : end)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

const toColumnName = (header: string) => {
  const name = header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return ALIASES[name] ?? name;
};

function toSpecifications(pt: string | undefined, es: string | undefined): unknown {
  if (pt === undefined) return undefined;
  const split = (cell: string) =>
    cell
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf(':');
        return at < 0 ? [part, ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      });
  const inPt = split(pt);
  const inEs = es === undefined || es.trim() === '' ? inPt : split(es);
  if (inEs.length !== inPt.length) return 'mismatch';
  return inPt.map(([namePt, valuePt], index) => ({
    nome_pt: namePt,
    valor_pt: valuePt,
    nome_es: inEs[index]?.[0],
    valor_es: inEs[index]?.[1],
  }));
}

/** One CSV record as the row schema's input. */
function toCsvRow(columns: string[], cells: string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    if (column !== 'especificacoes_pt' && column !== 'especificacoes_es' && column !== REASON_COLUMN) row[column] = cells[index] ?? '';
  });
  if (row.mostrar_preco === '') delete row.mostrar_preco;
  if (typeof row.imagens === 'string')
    row.imagens = row.imagens
      .split(/[|,;]/)
      .map((name) => name.trim())
      .filter(Boolean);
  const at = (name: string) => (columns.includes(name) ? (cells[columns.indexOf(name)] ?? '') : undefined);
  const specs = toSpecifications(at('especificacoes_pt'), at('especificacoes_es'));
  if (specs !== undefined) row.especificacoes = specs;
  return row;
}

/** The file's CSV records with the line each ends on (the line a rejected row is named by). */
function parseCsvRecords(open: OpenBytes, delimiter: string): AsyncIterable<{ record: string[]; info: { lines: number } }> {
  return open().pipe(
    parse({
      bom: true,
      delimiter,
      info: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: false,
      max_record_size: MAX_LINE_CHARS, // a line past it stops the parse instead of filling memory
    }),
  );
}

/** `;` when the header line has more of them than `,`. */
function toCsvDelimiter(header: string): ';' | ',' {
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

async function* readCsv(open: OpenBytes, delimiter: string): AsyncGenerator<SourceRow> {
  const parser = parseCsvRecords(open, delimiter);
  let columns: string[] | null = null;
  try {
    for await (const { record, info } of parser) {
      if (!columns) {
        columns = record.map(toColumnName);
        const missing = REQUIRED_COLUMNS.filter((column) => !columns?.includes(column));
        const unknown = columns.filter(
          (column) => column && column !== REASON_COLUMN && !(TEMPLATE_COLUMNS as readonly string[]).includes(column),
        );
        if (missing.length) throw importError('missing_columns', missing.join(', '));
        if (unknown.length) throw importError('unknown_columns', unknown.join(', '));
        continue;
      }
      const cells =
        record.length > columns.length && record.slice(columns.length).every((cell) => cell.trim() === '')
          ? record.slice(0, columns.length)
          : record;
      if (cells.length !== columns.length)
        yield { line: info.lines, data: { codigo: cells[0] }, issues: [{ field: 'colunas', problem: 'invalid' }] };
      else yield { line: info.lines, data: toCsvRow(columns, cells) };
    }
  } catch (error) {
    if (isImportError(error)) throw error;
    const { lines: line, code } = error as { lines?: number; code?: string };
    if (code === 'CSV_MAX_RECORD_SIZE') throw importError('line_too_long', String(line ?? ''));
    throw line ? importError('unreadable_line', String(line)) : importError('unreadable');
  }
}

/** The bytes of `input` passed on while no line is longer than MAX_LINE_CHARS; past it, an error names the line. */
function limitLineLength(input: Readable): Transform {
  let line = 1;
  let length = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) {
        if (byte === 10) {
          line++;
          length = 0;
        } else if (++length > MAX_LINE_CHARS * 4 /* UTF-8 bytes of that many characters, at most */) {
          done(importError('line_too_long', String(line)));
          return;
        }
      }
      done(null, chunk);
    },
  });
  input.on('error', (error) => limiter.destroy(error));
  return input.pipe(limiter);
}

async function* readJsonLines(open: OpenBytes): AsyncGenerator<SourceRow> {
  const lines = createInterface({ input: limitLineLength(open()), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
    if (!trimmed) continue;
    if (trimmed.length > MAX_LINE_CHARS) throw importError('line_too_long', String(line));
    const parsed = readJsonText(trimmed, 'pt-BR');
    if (!parsed.ok) {
      yield { line, issues: [{ field: 'json', problem: 'invalid' }] };
      continue;
    }
    const data = parsed.data;
    yield data !== null && typeof data === 'object' && !Array.isArray(data)
      ? { line, data }
      : { line, issues: [{ field: 'json', problem: 'invalid' }] };
  }
}

async function* readJsonArray(open: OpenBytes): AsyncGenerator<SourceRow> {
  const items = open().pipe(streamArray.withParserAsStream());
  try {
    for await (const { key, value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      const line = key + 1;
      yield value !== null && typeof value === 'object' && !Array.isArray(value)
        ? { line, data: value }
        : { line, issues: [{ field: 'json', problem: 'invalid' }] };
    }
  } catch (error) {
    if (isImportError(error)) throw error;
    throw importError('unreadable', '');
  }
}

/** The rows of an import file, as often as the service reads them. */
export async function openImportRows(open: OpenBytes, format: ImportFormat): Promise<OpenRows> {
  const head = await readHead(open);
  if (head.includes('\u0000') || head.includes('\uFFFD')) throw importError('not_text');
  if (format === 'json') {
    const first = head.trimStart()[0];
    if (first === '[') return () => readJsonArray(open);
    if (first === '{') return () => readJsonLines(open);
    throw importError(first === undefined ? 'empty_file' : 'unreadable');
  }
  const header = head.split(/\r?\n/, 1)[0] ?? '';
  if (!header.trim()) throw importError('empty_file');
  const delimiter = toCsvDelimiter(header);
  return () => readCsv(open, delimiter);
}

/** The format a file name says (.csv, .json, .jsonl, .ndjson), or null. */
export function toImportFormat(fileName: string): ImportFormat | null {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.(json|jsonl|ndjson)$/i.test(fileName)) return 'json';
  return null;
}

const translate = (locale: Locale) => createTranslator(catalogueImportMessages, locale);

export function toReasonText(issue: RowIssue, locale: Locale): string {
  const t = translate(locale);
  return t('reason', { field: issue.field, problem: t(`problem_${issue.problem}`) });
}

export function toErrorText(error: DomainError, locale: Locale): string {
  return createTranslator(error.messages, locale)(error.key, error.params);
}

/** One rejected row as a line of text: the terminal prints every one as the check finds it. */
export function toRejectedLine(row: RejectedRow, locale: Locale): string {
  const t = translate(locale);
  return `  ${t('colLine')} ${row.line}${row.code ? ` (${row.code})` : ''}: ${row.issues.map((issue) => toReasonText(issue, locale)).join('; ')}`;
}

/** The summary as lines of text (the terminal's report; its rejected rows were printed as found). */
export function toSummaryLines(summary: ImportSummary, locale: Locale): string[] {
  const t = translate(locale);
  const lines = [
    `${t('rows')}: ${summary.rows + summary.rejected} · ${t('created')}: ${summary.created} · ${t('changed')}: ${summary.changed} · ${t('unchanged')}: ${summary.unchanged} · ${t('rejected')}: ${summary.rejected}`,
  ];
  if (summary.newBrands.length) lines.push(t('newBrands', { names: summary.newBrands.join(', ') }));
  if (summary.newCategories.length) lines.push(t('newCategories', { names: summary.newCategories.join(', ') }));
  for (const row of summary.changedRows.slice(0, 50)) {
    lines.push(`  ${t('colLine')} ${row.line} ${row.code}: ${row.changes.map((c) => `${c.field} "${c.from}" -> "${c.to}"`).join('; ')}`);
  }
  if (summary.rejected > 0) lines.push(t('hasRejected'));
  else if (summary.written) lines.push(t('written'));
  return lines;
}

/**
 * The template's two example products, cells in TEMPLATE_COLUMNS order: a Brazilian one priced in
 * dollars and a Paraguayan one in guaranis, each cell as a shopkeeper would type it.
 */
const TEMPLATE_EXAMPLES: Record<(typeof TEMPLATE_COLUMNS)[number], [pt: string, es: string]> = {
  codigo: ['FUR-800', 'AMO-1200'],
  nome_pt: ['Furadeira de impacto 800 W', 'Esmerilhadeira angular 1200 W'],
  nome_es: ['Taladro percutor 800 W', 'Amoladora angular 1200 W'],
  descritivo_pt: ['Furadeira para alvenaria, madeira e metal.', 'Esmerilhadeira para corte e desbaste.'],
  descritivo_es: ['Taladro para mampostería, madera y metal.', 'Amoladora para corte y desbaste.'],
  descricao_pt: ['<p>Mandril de 13 mm.</p>', '<p>Disco de 115 mm.</p>'],
  descricao_es: ['<p>Mandril de 13 mm.</p>', '<p>Disco de 115 mm.</p>'],
  marca: ['Bosch', 'Makita'],
  categoria_pt: ['Ferramentas Elétricas', 'Ferramentas Elétricas'],
  categoria_es: ['Herramientas Eléctricas', 'Herramientas Eléctricas'],
  departamento_pt: ['Furadeiras', 'Esmerilhadeiras'],
  departamento_es: ['Taladros', 'Amoladoras'],
  icone_categoria: ['', ''],
  preco: ['89,90', '650000'],
  moeda: ['USD', 'PYG'],
  estoque: ['12', '4'],
  mostrar_preco: ['sim', 'si'],
  especificacoes_pt: ['Potência: 800 W | Tensão: 220 V', 'Potência: 1200 W | Disco: 115 mm'],
  especificacoes_es: ['Potencia: 800 W | Tensión: 220 V', 'Potencia: 1200 W | Disco: 115 mm'],
  imagens: ['fur-800-1.jpg | fur-800-2.jpg', 'amo-1200.jpg'],
};

/** GET …/importar/modelo.csv: the columns and one example product in each language, as the staff member's spreadsheet reads them. */
export function downloadTemplate(locale: Locale): Response {
  const example = (index: 0 | 1) => TEMPLATE_COLUMNS.map((column) => TEMPLATE_EXAMPLES[column][index]);
  return csvDownload(toCsv([[...TEMPLATE_COLUMNS], example(0), example(1)], locale), 'modelo-importacao');
}

type UploadOutcome = { ok: true; job: ImportJob } | { ok: false; status: number; message: string };

/**
 * POST …/importar (multipart: the file in `arquivo`, its pictures in `fotos`, a ZIP or several
 * files): the file kept and its dry run started; the pictures kept for the job queue, which
 * attaches them by the `imagens` names once the rows are written. Streamed to disk (a ZIP of a
 * catalogue's pictures is larger than memory should hold); a refusal of either keeps nothing.
 */
export async function uploadImportFile(
  jobs: ImportJobs,
  actor: { staffId: number; email: string },
  source: Request | BodySource,
  locale: Locale,
): Promise<UploadOutcome> {
  const refuse = (error: DomainError): UploadOutcome => ({
    ok: false,
    status: toErrorResult(error, locale).status,
    message: toErrorText(error, locale),
  });
  if (!(await getRateLimiter().consume(LIMITS.staffUpload, String(actor.staffId)))) return refuse(tooManyRequestsError(3600));
  const form = await spoolMultipart(
    source,
    toPictureUploadLimits({ arquivo: { maxFiles: 1, maxFileBytes: UPLOAD_LIMIT_MB * 1024 * 1024 } }),
  );
  if (!form.ok) return refuse(importError(form.reason === 'too_large' ? 'too_large' : 'unknown_format'));
  try {
    const file = form.files.find((spooled) => spooled.field === 'arquivo');
    const format = file ? toImportFormat(file.filename) : null;
    if (!file || !format) return refuse(importError('unknown_format'));
    const pictures = form.files.filter((spooled) => spooled.field === PICTURE_FILES_FIELD);
    const batches = getPictureBatches();
    const batchId = pictures.length ? await batches.stage(actor.staffId, readUploadedPictures(pictures), { forImport: true }) : null;
    try {
      const job = await jobs.start(actor, file.filename.slice(-200), format, await readFile(file.path));
      if (batchId) await batches.linkToImport(batchId, job.id);
      return { ok: true, job };
    } catch (error) {
      if (batchId) await batches.discard(batchId);
      throw error;
    }
  } catch (error) {
    if (error instanceof DomainError) return refuse(error);
    throw error;
  } finally {
    await form.cleanup();
  }
}

export function toJobMessage(job: ImportJob, locale: Locale): string | null {
  if (job.status !== 'failed') return null;
  const t = translate(locale);
  const reason =
    job.error === 'stalled' ? t('error_stalled') : toErrorText(importError(job.error ?? 'unreadable', job.errorDetail), locale);
  return t('failed', { reason });
}

type Cell = string | number | null | undefined;

/** A JSON item's fields as the template's CSV cells (specifications and pictures as the CSV writes them). */
function toTemplateCells(data: unknown): Cell[] {
  const item = (data !== null && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const specs = Array.isArray(item.especificacoes) ? (item.especificacoes as Record<string, unknown>[]) : [];
  const specText = (lang: 'pt' | 'es') =>
    specs.map((spec) => `${String(spec?.[`nome_${lang}`] ?? '')}: ${String(spec?.[`valor_${lang}`] ?? '')}`).join(' | ');
  const cell = (value: unknown): Cell =>
    value === undefined || value === null
      ? ''
      : Array.isArray(value)
        ? value.map(String).join(' | ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return TEMPLATE_COLUMNS.map((column) =>
    column === 'especificacoes_pt' ? specText('pt') : column === 'especificacoes_es' ? specText('es') : cell(item[column]),
  );
}

/**
 * The rejected rows as CSV in the import's layout plus a reason column in the staff member's
 * language: a CSV file's own header and cells, a JSON file's items in the template's columns.
 * Cells that a spreadsheet would run as formulas are neutralised (lib/csv.ts, as every export).
 * Fixed, the file imports again (the reason column is ignored).
 */
async function toRejectsRows(open: OpenBytes, format: ImportFormat, rejected: Map<number, RowIssue[]>, locale: Locale): Promise<Cell[][]> {
  const reason = (issues: RowIssue[]) => issues.map((issue) => toReasonText(issue, locale)).join('; ');
  if (format === 'json') {
    const rows: Cell[][] = [[...TEMPLATE_COLUMNS, REASON_COLUMN]];
    const rowsOf = await openImportRows(open, format);
    for await (const source of rowsOf()) {
      const issues = rejected.get(source.line);
      if (issues) rows.push([...toTemplateCells(source.data), reason(issues)]);
    }
    return rows;
  }
  const rows: Cell[][] = [];
  const head = await readHead(open);
  // A rejects file imported again has a reason column already: the new reason replaces it.
  let oldReason = -1;
  const withoutOldReason = (record: string[]) => record.filter((_, index) => index !== oldReason);
  for await (const { record, info } of parseCsvRecords(open, toCsvDelimiter(head.split(/\r?\n/, 1)[0] ?? ''))) {
    if (rows.length === 0) {
      oldReason = record.findIndex((cell) => toColumnName(cell) === REASON_COLUMN);
      rows.push([...withoutOldReason(record), REASON_COLUMN]);
      continue;
    }
    const issues = rejected.get(info.lines);
    if (issues) rows.push([...withoutOldReason(record), reason(issues)]);
  }
  return rows;
}

/** GET …/importar/{id}/recusadas.csv: the rejected rows to fix and import again. */
export async function downloadRejects(jobs: ImportJobs, id: string, staffId: number, locale: Locale): Promise<Response> {
  const found = isUuid(id) ? await jobs.findRejected(id, staffId) : null;
  if (!found) return toResponse(toErrorResult(importError('not_found'), locale));
  const rows = await toRejectsRows(found.open, found.format, found.rejected, locale);
  const base =
    found.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w-]+/g, '-')
      .slice(0, 60) || 'importacao';
  return csvDownload(toCsv(rows, locale), `${base}-${translate(locale)('rejectsFileSuffix')}`);
}
