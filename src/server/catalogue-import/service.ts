// The catalogue import's rules (decision 0800): a file checked whole, then written by batches
// (createCatalogueImportService, which the ERP's product upsert shares), and the panel's background
// jobs over it (createImportJobs). A row is compared with its stored product by compare.ts, the
// domain's one rules file; files are read into rows by routes.ts's readers.
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type pg from 'pg';
import {
  CatalogueProductSchema,
  toRowIssues,
  type CatalogueProduct,
  type ProductTaxonomy,
  type RowIssue,
} from '#lib/contract/catalogue-product.ts';
import type { AuditActor, AuditEntry } from '../audit/index.ts';
import { sanitizeSvgIcon } from '../catalog/service.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { toSlug } from '../db/seed/product-generator.ts';
import { stockMoves } from '../inventory/index.ts';
import { findTextWarnings, toFieldChanges, toNextState, type FieldChange, type TextWarning } from './compare.ts';
import { importError, isImportError, type ImportErrorCode } from './errors.ts';
import type { CatalogueImportRepository, ImportJobRepository, JobRow, JobStatus, ProductWrite, StoredProduct } from './repository.ts';

/** One row as a reader found it: its line (1 = the header of a CSV), and its fields or why it could not be read. */
export interface SourceRow {
  line: number;
  data?: unknown;
  issues?: RowIssue[];
}
/** Opens the file's rows from the start; called once per pass (check, then write). */
export type OpenRows = () => AsyncIterable<SourceRow>;
/** The file formats an import reads (routes.ts's readers). */
export type ImportFormat = 'csv' | 'json';

export interface RejectedRow {
  line: number;
  code: string | null;
  issues: RowIssue[];
}
/** A valid row whose text starts like a formula or carries HTML: written as given, named in the dry run. */
export interface WarnedRow {
  line: number;
  code: string;
  warnings: TextWarning[];
}
interface ChangedRow {
  line: number;
  code: string;
  changes: FieldChange[];
}

export interface ImportSummary {
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  rejected: number;
  /** Lists are capped at DETAIL_LIMIT entries; the counts are not. */
  createdCodes: string[];
  changedRows: ChangedRow[];
  rejectedRows: RejectedRow[];
  /** Valid rows with warnings (formulas, HTML): counted, the first DETAIL_LIMIT listed. */
  warned: number;
  warnedRows: WarnedRow[];
  newBrands: string[];
  newCategories: string[];
  written: boolean;
}

interface ImportOptions {
  dryRun: boolean;
  /** Write the valid rows of a file that has rejected ones (the panel's partial import); else such a file writes nothing. */
  skipRejected?: boolean;
  actor: AuditActor;
  onProgress?: (progress: { phase: 'checking' | 'writing'; rows: number }) => void | Promise<void>;
  /**
   * Every rejected row of the check, as it is found: the summary keeps only the first
   * DETAIL_LIMIT of them (its memory stays bounded whatever the file), this sees them all.
   */
  onRejected?: (row: RejectedRow) => void;
}

interface CatalogueImportDeps {
  db: Queryable;
  connect: () => Promise<pg.PoolClient>;
  repository: CatalogueImportRepository;
  writeAudit(tx: Queryable, entry: AuditEntry): Promise<void>;
  announce(tags: readonly CatalogueTag[]): void;
}

const BATCH_SIZE = 1000;
const DETAIL_LIMIT = 500;
const MAX_ROWS = 1_000_000;

interface ValidRow {
  line: number;
  row: CatalogueProduct;
  icon: string | null;
}

/** What the schema cannot see in brand, category and department names: each must make a slug (its address). */
export function toTaxonomyIssues(row: Pick<ProductTaxonomy, 'marca' | 'categoria_pt' | 'departamento_pt'>): RowIssue[] {
  const issues: RowIssue[] = [];
  if (!toSlug(row.marca)) issues.push({ field: 'marca', problem: 'invalid' });
  if (!toSlug(row.categoria_pt)) issues.push({ field: 'categoria_pt', problem: 'invalid' });
  if (row.departamento_pt && !toSlug(row.departamento_pt)) issues.push({ field: 'departamento_pt', problem: 'invalid' });
  return issues;
}

/**
 * One stored product's brand, category, department and specifications set by name as an import
 * row gives them (what does not exist yet is made, as the import makes it): the panel's product
 * edit, inside its transaction. Returns the tags to announce.
 */
export async function writeProductTaxonomy(
  tx: Queryable,
  repository: CatalogueImportRepository,
  productId: number,
  taxonomy: ProductTaxonomy,
): Promise<CatalogueTag[]> {
  const brandSlug = toSlug(taxonomy.marca);
  const categorySlug = toSlug(taxonomy.categoria_pt);
  const brandIds = await repository.ensureBrands(tx, [{ slug: brandSlug, name: taxonomy.marca }]);
  const categories = await repository.ensureCategories(tx, [
    { slug: categorySlug, pt: taxonomy.categoria_pt, es: taxonomy.categoria_es || taxonomy.categoria_pt, icon: null },
  ]);
  const categoryId = categories.ids.get(categorySlug) as number;
  const department = taxonomy.departamento_pt
    ? {
        categoryId,
        slug: toSlug(taxonomy.departamento_pt),
        pt: taxonomy.departamento_pt,
        es: taxonomy.departamento_es || taxonomy.departamento_pt,
      }
    : null;
  const departmentIds = department ? await repository.ensureDepartments(tx, [department]) : new Map<string, number>();
  const departmentId = department ? (departmentIds.get(`${categoryId}/${department.slug}`) ?? null) : null;
  await repository.setProductTaxonomy(tx, productId, { brandId: brandIds.get(brandSlug) as number, categoryId, departmentId });
  await repository.replaceSpecifications(tx, [{ productId, list: taxonomy.especificacoes ?? [] }]);
  return [`product:${productId}`, ...categories.created.map((id): CatalogueTag => `category:${id}`)];
}

/** The row's fields checked by the shared schema plus what only the import knows (slugs, icon, repeats). */
function toValidRow(source: SourceRow, seen: Set<string>): ValidRow | RejectedRow {
  const code =
    typeof (source.data as { codigo?: unknown } | undefined)?.codigo === 'string'
      ? String((source.data as { codigo: string }).codigo).trim() || null
      : null;
  if (source.issues) return { line: source.line, code, issues: source.issues };
  const parsed = CatalogueProductSchema.safeParse(source.data);
  if (!parsed.success) return { line: source.line, code, issues: toRowIssues(parsed.error) };
  const row = parsed.data;
  const issues = toTaxonomyIssues(row);
  const icon = row.icone_categoria ? sanitizeSvgIcon(row.icone_categoria) : null;
  if (row.icone_categoria && !icon) issues.push({ field: 'icone_categoria', problem: 'invalid' });
  if (seen.has(row.codigo)) issues.push({ field: 'codigo', problem: 'duplicate' });
  else seen.add(row.codigo);
  return issues.length ? { line: source.line, code: row.codigo, issues } : { line: source.line, row, icon };
}

/**
 * The next batch is read and checked while the caller still waits on the database for this one
 * (the file is parsed during the queries, not after them). Its failure surfaces when it is due.
 */
async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  for (;;) {
    const current = await next;
    if (current.done) return;
    next = source.next();
    next.catch(() => {});
    yield current.value;
  }
}

/** What a pass over the file tells as it reads: rejected rows, and valid rows with warnings. */
interface RowListeners {
  reject: (row: RejectedRow) => void;
  warn?: (row: WarnedRow) => void;
}

/** Reads rows in batches of valid ones; rejected and warned rows go to the listeners as they come. */
async function* readBatchesInOrder(open: OpenRows, { reject, warn }: RowListeners): AsyncGenerator<ValidRow[]> {
  // The file's codes seen so far (repeats are rejected): the one thing kept for every row.
  const seen = new Set<string>();
  let batch: ValidRow[] = [];
  let count = 0;
  for await (const source of open()) {
    if (++count > MAX_ROWS) throw importError('too_many_rows');
    const checked = toValidRow(source, seen);
    if ('issues' in checked) reject(checked);
    else {
      batch.push(checked);
      const warnings = warn ? findTextWarnings(checked.row) : [];
      if (warnings.length) warn?.({ line: checked.line, code: checked.row.codigo, warnings });
    }
    if (batch.length === BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (count === 0) throw importError('empty_file');
  if (batch.length) yield batch;
}

function readBatches(open: OpenRows, listeners: RowListeners): AsyncGenerator<ValidRow[]> {
  return readAhead(readBatchesInOrder(open, listeners));
}

function toSlugOfName(product: CatalogueProduct): string {
  return toSlug(`${product.nome_pt} ${product.codigo}`).slice(0, 200);
}

export function createCatalogueImportService(deps: CatalogueImportDeps) {
  const { db, connect, repository } = deps;

  function newSummary(): ImportSummary {
    return {
      rows: 0,
      created: 0,
      changed: 0,
      unchanged: 0,
      rejected: 0,
      createdCodes: [],
      changedRows: [],
      rejectedRows: [],
      warned: 0,
      warnedRows: [],
      newBrands: [],
      newCategories: [],
      written: false,
    };
  }

  /** Counts one batch's rows against the stored products; returns the rows to write and their state. */
  function classify(summary: ImportSummary, batch: ValidRow[], stored: Map<string, StoredProduct>) {
    const writes: { valid: ValidRow; current: StoredProduct | null; next: ReturnType<typeof toNextState>; specsChanged: boolean }[] = [];
    for (const valid of batch) {
      const current = stored.get(valid.row.codigo) ?? null;
      const next = toNextState(valid.row, current);
      summary.rows++;
      if (!current) {
        summary.created++;
        if (summary.createdCodes.length < DETAIL_LIMIT) summary.createdCodes.push(valid.row.codigo);
        writes.push({ valid, current, next, specsChanged: next.especificacoes.length > 0 });
        continue;
      }
      const changes = toFieldChanges(current, next);
      if (changes.length === 0) {
        summary.unchanged++;
        continue;
      }
      summary.changed++;
      if (summary.changedRows.length < DETAIL_LIMIT) summary.changedRows.push({ line: valid.line, code: valid.row.codigo, changes });
      writes.push({ valid, current, next, specsChanged: changes.some((change) => change.field === 'especificacoes') });
    }
    return writes;
  }

  function rejectInto(summary: ImportSummary, onRejected?: (row: RejectedRow) => void) {
    return (row: RejectedRow) => {
      summary.rejected++;
      if (summary.rejectedRows.length < DETAIL_LIMIT) summary.rejectedRows.push(row);
      onRejected?.(row);
    };
  }

  function warnInto(summary: ImportSummary) {
    return (row: WarnedRow) => {
      summary.warned++;
      if (summary.warnedRows.length < DETAIL_LIMIT) summary.warnedRows.push(row);
    };
  }

  /** The whole file checked against the catalogue, nothing written: the dry run, and the real run's first pass. */
  async function check(open: OpenRows, options: ImportOptions): Promise<ImportSummary> {
    const summary = newSummary();
    const brands = new Set<string>();
    const categories = new Set<string>();
    const listeners = { reject: rejectInto(summary, options.onRejected), warn: warnInto(summary) };
    for await (const batch of readBatches(open, listeners)) {
      const stored = await repository.findProducts(
        db,
        batch.map((valid) => valid.row.codigo),
      );
      const writes = classify(summary, batch, stored);
      const brandNames = new Map(writes.map((w) => [w.next.brandSlug, w.next.marca]));
      const categoryNames = new Map(writes.map((w) => [w.next.categorySlug, w.next.categoria_pt]));
      const knownBrands = await repository.findBrandSlugs(
        db,
        [...brandNames.keys()].filter((slug) => !brands.has(slug)),
      );
      const knownCategories = await repository.findCategorySlugs(
        db,
        [...categoryNames.keys()].filter((slug) => !categories.has(slug)),
      );
      for (const [slug, name] of brandNames) if (!brands.has(slug) && !knownBrands.has(slug)) summary.newBrands.push(name);
      for (const [slug, name] of categoryNames) if (!categories.has(slug) && !knownCategories.has(slug)) summary.newCategories.push(name);
      for (const slug of brandNames.keys()) brands.add(slug);
      for (const slug of categoryNames.keys()) categories.add(slug);
      await options.onProgress?.({ phase: 'checking', rows: summary.rows + summary.rejected });
    }
    return summary;
  }

  /** One batch in one transaction: rows locked, compared again, brands/categories/departments made, products written, audited. */
  async function writeBatch(tx: Queryable, summary: ImportSummary, batch: ValidRow[], actor: AuditActor, tags: Set<CatalogueTag>) {
    const stored = await repository.findProducts(
      tx,
      batch.map((valid) => valid.row.codigo),
      true,
    );
    const writes = classify(summary, batch, stored);
    if (writes.length === 0) return;
    const brandIds = await repository.ensureBrands(
      tx,
      writes.map((w) => ({ slug: w.next.brandSlug, name: w.next.marca })),
    );
    const categories = await repository.ensureCategories(
      tx,
      writes.map((w) => ({
        slug: w.next.categorySlug,
        pt: w.next.categoria_pt,
        es: w.next.categoria_es,
        icon: w.valid.icon,
      })),
    );
    for (const id of categories.created) tags.add(`category:${id}`);
    const departmentIds = await repository.ensureDepartments(
      tx,
      writes
        .filter((w) => w.next.departmentSlug)
        .map((w) => ({
          categoryId: categories.ids.get(w.next.categorySlug) as number,
          slug: w.next.departmentSlug as string,
          pt: w.next.departamento_pt as string,
          es: w.next.departamento_es as string,
        })),
    );
    const toWrite = (w: (typeof writes)[number]): ProductWrite => {
      const categoryId = categories.ids.get(w.next.categorySlug) as number;
      return {
        id: w.current?.id ?? null,
        code: w.valid.row.codigo,
        slug: toSlugOfName(w.valid.row),
        state: w.next,
        brandId: brandIds.get(w.next.brandSlug) as number,
        categoryId,
        departmentId: w.next.departmentSlug ? (departmentIds.get(`${categoryId}/${w.next.departmentSlug}`) ?? null) : null,
      };
    };
    const inserted = await repository.insertProducts(tx, writes.filter((w) => !w.current).map(toWrite));
    await repository.updateProducts(tx, writes.filter((w) => w.current).map(toWrite));
    const idOf = (w: (typeof writes)[number]) => w.current?.id ?? (inserted.get(w.valid.row.codigo) as number);
    await stockMoves.setCounts(
      tx,
      writes.map((w) => ({ productId: idOf(w), stock: w.next.estoque })),
    );
    await repository.replaceSpecifications(
      tx,
      writes.filter((w) => w.specsChanged).map((w) => ({ productId: idOf(w), list: w.next.especificacoes })),
    );
    for (const w of writes) tags.add(`product:${idOf(w)}`);
    await deps.writeAudit(tx, {
      actor,
      action: 'catalogue.import',
      entityType: 'products',
      entityId: `${batch[0]?.line}-${batch.at(-1)?.line}`,
      after: {
        created: writes.filter((w) => !w.current).map((w) => w.valid.row.codigo),
        changed: writes.filter((w) => w.current).map((w) => w.valid.row.codigo),
      },
    });
  }

  return {
    /**
     * Checks the whole file first (every row parsed and compared; nothing written). A dry run,
     * or a file with any rejected row, stops there. Otherwise the file is read again and written
     * one transaction per batch of BATCH_SIZE rows, each batch compared again under its row
     * locks; the catalogue change is announced once, after the last commit.
     */
    async importRows(open: OpenRows, options: ImportOptions): Promise<ImportSummary> {
      const checked = await check(open, options);
      if (options.dryRun || (checked.rejected > 0 && !options.skipRejected)) return checked;
      const summary = {
        ...newSummary(),
        newBrands: checked.newBrands,
        newCategories: checked.newCategories,
        warned: checked.warned,
        warnedRows: checked.warnedRows,
      };
      const tags = new Set<CatalogueTag>();
      try {
        // The rejected rows are skipped only when asked, and only those the check found.
        for await (const batch of readBatches(open, { reject: rejectInto(summary) })) {
          if (summary.rejected > (options.skipRejected ? checked.rejected : 0)) throw importError('file_changed');
          await runInTransaction({ connect }, (tx) => writeBatch(tx, summary, batch, options.actor, tags));
          await options.onProgress?.({ phase: 'writing', rows: summary.rows });
        }
      } finally {
        if (tags.size) deps.announce(tags.size > 200 ? ['all'] : [...tags]);
      }
      if (summary.rejected > (options.skipRejected ? checked.rejected : 0)) throw importError('file_changed');
      return { ...summary, written: true };
    },

    /** Every rejected row of a file with its issues, by line (no database read: a row is refused by its content alone). */
    async findRejected(open: OpenRows): Promise<Map<number, RowIssue[]>> {
      const rejected = new Map<number, RowIssue[]>();
      for await (const batch of readBatchesInOrder(open, { reject: (row) => rejected.set(row.line, row.issues) })) void batch;
      return rejected;
    },
  };
}
export type CatalogueImportService = ReturnType<typeof createCatalogueImportService>;

/**
 * The panel's imports run in the background of the process that took the click; the page polls
 * the job row (any process can show it). A dry run starts on upload; confirming writes.
 */
export interface ImportJob {
  id: string;
  fileName: string;
  status: JobStatus;
  doneRows: number;
  summary: ImportSummary | null;
  error: ImportErrorCode | 'stalled' | null;
  errorDetail: string;
}

/** Opens an import file's rows (routes.ts's readers, wired by index.ts): the format checked, the rows read as often as asked. */
type OpenImportFile = (open: () => Readable, format: ImportFormat) => Promise<OpenRows>;

interface ImportJobDeps {
  db: Queryable;
  repository: ImportJobRepository;
  service: CatalogueImportService;
  openImportRows: OpenImportFile;
  /** After a file's rows are written (its pictures go to the job queue). */
  afterWrite?: (importId: string) => Promise<void>;
  log?: (message: string, error: unknown) => void;
}

function toJob(row: JobRow): ImportJob {
  const stored = row.summary as (ImportSummary & { error?: ImportErrorCode; detail?: string }) | null;
  const error = row.stalled ? 'stalled' : (stored?.error ?? null);
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.stalled ? 'failed' : row.status,
    doneRows: row.done_rows,
    // Summaries stored before warnings existed read as having none.
    summary: stored && !stored.error ? { ...stored, warned: stored.warned ?? 0, warnedRows: stored.warnedRows ?? [] } : null,
    error,
    errorDetail: stored?.detail ?? '',
  };
}

export function createImportJobs({ db, repository, service, openImportRows, afterWrite, log = console.error }: ImportJobDeps) {
  function run(jobId: string, bytes: Buffer, format: ImportFormat, dryRun: boolean, actor: AuditActor, skipRejected = false) {
    const work = async () => {
      const open = await openImportRows(() => Readable.from([bytes]), format);
      const summary = await service.importRows(open, {
        dryRun,
        skipRejected,
        actor,
        onProgress: ({ rows }) => repository.setProgress(db, jobId, rows),
      });
      // Its pictures are queued before the page can read it written: a page that sees it written sees them waiting.
      if (!dryRun) await afterWrite?.(jobId);
      await repository.finishJob(db, jobId, dryRun ? 'checked' : 'written', summary);
    };
    work().catch(async (error: unknown) => {
      if (!isImportError(error)) log('[catalogue-import] job failed:', error);
      const failure = isImportError(error)
        ? { error: error.code, detail: String(error.params.detail ?? '') }
        : { error: 'unreadable', detail: '' };
      await repository
        .finishJob(db, jobId, 'failed', failure)
        .catch((failure: unknown) => log('[catalogue-import] job not closed:', failure));
    });
  }

  return {
    /** Keeps the uploaded file (judged by content: text, not a spreadsheet or a picture renamed) and starts its dry run. */
    async start(actor: { staffId: number; email: string }, fileName: string, format: ImportFormat, bytes: Buffer): Promise<ImportJob> {
      if (bytes.length === 0) throw importError('empty_file');
      if (await fileTypeFromBuffer(bytes)) throw importError('not_text');
      await openImportRows(() => Readable.from([bytes]), format);
      const row = await repository.insertJob(db, { staffId: actor.staffId, fileName, format, file: bytes });
      run(row.id, bytes, format, true, actor);
      return toJob(row);
    },

    async get(id: string, staffId: number): Promise<ImportJob | null> {
      const row = await repository.getJob(db, id, staffId);
      return row ? toJob(row) : null;
    },

    /**
     * Writes a checked file: one with no rejected row, or (`partial`) the valid rows of one that
     * has some. Refused when it is not (or no longer) in that state.
     */
    async confirm(id: string, actor: { staffId: number; email: string }, partial = false): Promise<void> {
      const claimed = await repository.claimForWriting(db, id, actor.staffId, partial);
      if (!claimed) throw importError((await repository.getJob(db, id, actor.staffId)) ? 'busy' : 'not_found');
      run(id, claimed.file, claimed.format, false, actor, partial);
    },

    /** The rejected rows of a job's file, with their issues, and the file to copy them from; null once the file is gone. */
    async findRejected(id: string, staffId: number) {
      const stored = await repository.getJobFile(db, id, staffId);
      if (!stored) return null;
      const open = () => Readable.from([stored.file]);
      const rejected = await service.findRejected(await openImportRows(open, stored.format));
      return { open, format: stored.format, fileName: stored.fileName, rejected };
    },
  };
}
export type ImportJobs = ReturnType<typeof createImportJobs>;
