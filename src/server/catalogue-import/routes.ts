// The catalogue import's HTTP handlers and texts, framework-free: the panel page
// /painel/catalogo/importar, its template download and the terminal command use these.
import { toCsv } from '#lib/csv.ts';
import type { RowIssue } from '#lib/contract/catalogue-product.ts';
import { catalogueImportMessages } from '#lib/i18n/panel-import.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { csvDownload } from '../http/responses.ts';
import { parseMultipart } from '../http/multipart.ts';
import type { DomainError } from '../errors/domain-error.ts';
import { toErrorResult } from '../http/error-result.ts';
import { importError, isImportError, UPLOAD_LIMIT_MB } from './errors.ts';
import type { ImportJobs, ImportJob } from './jobs.ts';
import { TEMPLATE_COLUMNS, toImportFormat } from './readers.ts';
import type { ImportSummary, RejectedRow } from './service.ts';

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
  preco: ['89.90', '650000'],
  moeda: ['USD', 'PYG'],
  estoque: ['12', '4'],
  mostrar_preco: ['sim', 'si'],
  especificacoes_pt: ['Potência: 800 W | Tensão: 220 V', 'Potência: 1200 W | Disco: 115 mm'],
  especificacoes_es: ['Potencia: 800 W | Tensión: 220 V', 'Potencia: 1200 W | Disco: 115 mm'],
  imagens: ['fur-800-1.jpg | fur-800-2.jpg', 'amo-1200.jpg'],
};

/** GET …/importar/modelo.csv: the columns and one example product in each language. */
export function downloadTemplate(): Response {
  const example = (index: 0 | 1) => TEMPLATE_COLUMNS.map((column) => TEMPLATE_EXAMPLES[column][index]);
  return csvDownload(toCsv([[...TEMPLATE_COLUMNS], example(0), example(1)]), 'modelo-importacao');
}

type UploadOutcome = { ok: true; job: ImportJob } | { ok: false; status: number; message: string };

/** POST …/importar (multipart, field `arquivo`): the file kept and its dry run started. */
export async function uploadImportFile(
  jobs: ImportJobs,
  actor: { staffId: number; email: string },
  request: Request,
  locale: Locale,
): Promise<UploadOutcome> {
  const refuse = (error: DomainError): UploadOutcome => ({
    ok: false,
    status: toErrorResult(error, locale).status,
    message: toErrorText(error, locale),
  });
  const form = await parseMultipart(request, { fileFields: ['arquivo'], maxFileBytes: UPLOAD_LIMIT_MB * 1024 * 1024, maxFields: 5 });
  if (!form.ok) return refuse(importError(form.reason === 'too_large' ? 'too_large' : 'unknown_format'));
  const file = form.files.arquivo;
  const format = file ? toImportFormat(file.filename) : null;
  if (!file || !format) return refuse(importError('unknown_format'));
  try {
    return { ok: true, job: await jobs.start(actor, file.filename.slice(-200), format, file.bytes) };
  } catch (error) {
    if (isImportError(error)) return refuse(error);
    throw error;
  }
}

export function toJobMessage(job: ImportJob, locale: Locale): string | null {
  if (job.status !== 'failed') return null;
  const t = translate(locale);
  const reason =
    job.error === 'stalled' ? t('error_stalled') : toErrorText(importError(job.error ?? 'unreadable', job.errorDetail), locale);
  return t('failed', { reason });
}
