import type { ErpMessageKey } from '../../lib/i18n/erp-api.ts';

export type ErpErrorCode = 'unauthenticated' | 'missing_scope' | 'too_many_requests' | 'too_many_rows' | 'invalid_cursor'
  | 'idempotency_mismatch' | 'key_not_found' | 'key_name_invalid' | 'key_scopes_invalid';

const STATUS_OF: Record<ErpErrorCode, number> = {
  unauthenticated: 401,
  missing_scope: 403,
  too_many_requests: 429,
  too_many_rows: 413,
  invalid_cursor: 400,
  idempotency_mismatch: 422,
  key_not_found: 404,
  key_name_invalid: 422,
  key_scopes_invalid: 422,
};

/** A refused ERP API call or key change; routes say `code` in the caller's language. */
export class ErpError extends Error {
  readonly code: ErpErrorCode;
  readonly status: number;
  readonly params: Record<string, string | number>;

  constructor(code: ErpErrorCode, params: Record<string, string | number> = {}) {
    super(code);
    this.code = code;
    this.status = STATUS_OF[code];
    this.params = params;
  }

  get messageKey(): ErpMessageKey {
    return `error_${this.code}`;
  }
}
