import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { DomainError, type ErrorKind } from '../errors/domain-error.ts';
import type { ApiHandler } from './api-call.ts';
import type { ApiResult, FieldErrors } from './responses.ts';

const STATUS_OF: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  invalid: 422,
  too_many: 429,
  unavailable: 503,
};

/**
 * The one mapper from a DomainError to HTTP: the contract's JSON error (`message`, `errors` by
 * field, any details) in the user's language. Anything else is rethrown: an unexpected error
 * stays a 500 (or 503 without a database) through server-error.ts.
 */
export function toErrorResult(error: unknown, locale: Locale): ApiResult {
  if (!(error instanceof DomainError)) throw error;
  const { status, message, errors } = toErrorMessages(error, locale);
  const body = Object.keys(errors).length ? { message, errors, ...error.details } : { message, ...error.details };
  const headers = Object.keys(error.headers).length ? { ...error.headers } : undefined;
  return { status, body, headers };
}

/** A DomainError's status, message and field messages in the user's language: for pages that show them in a form, not as JSON. */
export function toErrorMessages(error: DomainError, locale: Locale): { status: number; message: string; errors: FieldErrors } {
  const t = createTranslator(error.messages, locale);
  const message = t(error.key, error.params);
  const errors: FieldErrors = {};
  if (error.field) errors[error.field] = [message];
  for (const [field, messages] of Object.entries(error.fields)) {
    (errors[field] ??= []).push(...messages.map((m) => (typeof m === 'string' ? t(m, error.params) : t(m.key, m.params ?? error.params))));
  }
  return { status: STATUS_OF[error.kind], message, errors };
}

/** A route whose DomainErrors answer through the mapper, in the caller's language. */
export function withDomainErrors(handler: ApiHandler): ApiHandler {
  return async (call) => {
    try {
      return await handler(call);
    } catch (error) {
      return toErrorResult(error, call.locals.locale);
    }
  };
}
