/** Why a whole file is refused (a row's own problems are listed in the summary instead). */
export type ImportErrorCode =
  | 'empty_file' | 'too_many_rows' | 'unreadable' | 'missing_columns' | 'unknown_columns' | 'unknown_format' | 'too_large' | 'not_text'
  | 'file_changed' | 'not_found' | 'busy';

const STATUS_OF: Record<ImportErrorCode, number> = {
  empty_file: 422, too_many_rows: 413, unreadable: 422, missing_columns: 422, unknown_columns: 422, unknown_format: 415, too_large: 413,
  not_text: 415, file_changed: 409, not_found: 404, busy: 409,
};

export class ImportError extends Error {
  readonly code: ImportErrorCode;
  readonly status: number;
  /** Details the message names (missing columns, the line that could not be read). */
  readonly detail: string;

  constructor(code: ImportErrorCode, detail = '') {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
    this.status = STATUS_OF[code];
    this.detail = detail;
  }
}
