import { catalogueImportMessages } from '#lib/i18n/panel-import.ts';
import { defineErrors, DomainError, type ErrorKind } from '../errors/domain-error.ts';

/** Why a whole file is refused (a row's own problems are listed in the summary instead). */
export type ImportErrorCode =
  | 'empty_file'
  | 'too_many_rows'
  | 'unreadable'
  | 'unreadable_line'
  | 'line_too_long'
  | 'missing_columns'
  | 'unknown_columns'
  | 'unknown_format'
  | 'too_large'
  | 'not_text'
  | 'file_changed'
  | 'not_found'
  | 'busy';

/** The panel's upload limit, named by the too_large refusal; larger files go through `npm run import`. */
export const UPLOAD_LIMIT_MB = 10;

/** The longest line (one product) an import reads, in characters: past it the file is refused, not buffered. */
export const MAX_LINE_CHARS = 64 * 1024;

const KIND_OF: Record<ImportErrorCode, ErrorKind> = {
  empty_file: 'invalid',
  too_many_rows: 'too_large',
  unreadable: 'invalid',
  unreadable_line: 'invalid',
  line_too_long: 'invalid',
  missing_columns: 'invalid',
  unknown_columns: 'invalid',
  unknown_format: 'unsupported',
  too_large: 'too_large',
  not_text: 'unsupported',
  file_changed: 'conflict',
  not_found: 'not_found',
  busy: 'conflict',
};

const catalogueImportError = defineErrors(catalogueImportMessages);

/** A file refused (decision 0720's DomainError); `detail` names the missing columns, the unreadable line. */
export function importError(code: ImportErrorCode, detail = ''): DomainError {
  return catalogueImportError(KIND_OF[code], `error_${code}`, { code, params: { detail, mb: UPLOAD_LIMIT_MB, max: MAX_LINE_CHARS } });
}

export function isImportError(error: unknown): error is DomainError & { code: ImportErrorCode } {
  return error instanceof DomainError && error.code in KIND_OF && error.key === `error_${error.code}`;
}
