import type { RowIssue } from '#lib/contract/catalogue-product.ts';
import { panelCatalogueMessages, type PanelCatalogueKey } from '#lib/i18n/panel-catalogue.ts';
import { catalogueImportMessages, type CatalogueImportKey } from '#lib/i18n/panel-import.ts';
import { defineErrors, type DomainError, type ErrorKind, type FieldMessage } from '../errors/domain-error.ts';

export type SettingsErrorCode = 'not_found' | 'changed_meanwhile' | 'invalid_input' | 'point_in_use';

/** A field's problem: a message key of the panel catalogue (or the import's word for a row's field) and its parameters. */
export type FieldProblem = Exclude<FieldMessage<PanelCatalogueKey | CatalogueImportKey>, string>;

const KIND_OF: Record<SettingsErrorCode, ErrorKind> = {
  not_found: 'not_found',
  changed_meanwhile: 'conflict',
  invalid_input: 'invalid',
  point_in_use: 'conflict',
};

const catalogueSettingsError = defineErrors(panelCatalogueMessages, catalogueImportMessages);

/** A refused settings edit (decision 0720's DomainError): nothing was written; each field says its problem. */
export function settingsError(
  code: SettingsErrorCode,
  fields: Record<string, FieldProblem> = {},
  params: Record<string, string | number> = {},
): DomainError {
  const fieldMessages = Object.fromEntries(Object.entries(fields).map(([name, problem]) => [name, [problem]]));
  return catalogueSettingsError(KIND_OF[code], `error_${code}`, { code, fields: fieldMessages, params });
}

/** A row's field refused by the import's rules (one rule per field), as the import's word for its problem. */
export const toRowProblem = (issue: RowIssue): FieldProblem => ({ key: `problem_${issue.problem}` });

/** A new product refused by the import's rules: each field with its problem. */
export function toRowRefusal(issues: readonly RowIssue[]): DomainError {
  return settingsError('invalid_input', Object.fromEntries(issues.map((issue) => [issue.field, toRowProblem(issue)])));
}
