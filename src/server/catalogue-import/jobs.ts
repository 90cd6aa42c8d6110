import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { AuditActor } from '../audit/index.ts';
import type { Queryable } from '../db/client.ts';
import { importError, isImportError, type ImportErrorCode } from './errors.ts';
import { openImportRows, type ImportFormat } from './readers.ts';
import type { ImportJobRepository, JobRow, JobStatus } from './repository.ts';
import type { CatalogueImportService, ImportSummary } from './service.ts';

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

interface ImportJobDeps {
  db: Queryable;
  repository: ImportJobRepository;
  service: CatalogueImportService;
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
    summary: stored && !stored.error ? stored : null,
    error,
    errorDetail: stored?.detail ?? '',
  };
}

export function createImportJobs({ db, repository, service, log = console.error }: ImportJobDeps) {
  function run(jobId: string, bytes: Buffer, format: ImportFormat, dryRun: boolean, actor: AuditActor) {
    const work = async () => {
      const open = await openImportRows(() => Readable.from([bytes]), format);
      const summary = await service.importRows(open, {
        dryRun,
        actor,
        onProgress: ({ rows }) => repository.setProgress(db, jobId, rows),
      });
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

    /** Writes a checked file with no rejected row; refused when it is not (or no longer) in that state. */
    async confirm(id: string, actor: { staffId: number; email: string }): Promise<void> {
      const claimed = await repository.claimForWriting(db, id, actor.staffId);
      if (!claimed) throw importError((await repository.getJob(db, id, actor.staffId)) ? 'busy' : 'not_found');
      run(id, claimed.file, claimed.format, false, actor);
    },
  };
}
export type ImportJobs = ReturnType<typeof createImportJobs>;
