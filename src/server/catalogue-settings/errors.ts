import type { PanelCatalogueKey } from '#lib/i18n/panel-catalogue.ts';

export type SettingsErrorCode = 'not_found' | 'changed_meanwhile' | 'invalid_input';

const STATUS_OF: Record<SettingsErrorCode, number> = { not_found: 404, changed_meanwhile: 409, invalid_input: 422 };

/** A field's problem: a message key of the panel catalogue and its parameters. */
export interface FieldProblem {
  key: PanelCatalogueKey;
  params?: Record<string, string | number>;
}

/** A refused settings edit; routes say it in the staff member's language, nothing was written. */
export class SettingsError extends Error {
  readonly code: SettingsErrorCode;
  readonly status: number;
  readonly fields: Record<string, FieldProblem>;

  constructor(code: SettingsErrorCode, fields: Record<string, FieldProblem> = {}) {
    super(code);
    this.code = code;
    this.status = STATUS_OF[code];
    this.fields = fields;
  }
}
