import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/client.ts';
import { errorResult, type ApiResult } from './responses.ts';

/** A request that failed unexpectedly: 503 with Retry-After while the database is unreachable, else 500; never cached. */
export function toServerErrorStatus(error: unknown): { status: 500 | 503; headers: Record<string, string> } {
  if (!isDatabaseUnavailable(error)) return { status: 500, headers: { 'cache-control': 'no-store' } };
  return { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) } };
}

/** The same as the contract's JSON error (what 500.astro answers on API paths). */
export function toServerErrorResult(error: unknown, locale: Locale): ApiResult {
  const { status, headers } = toServerErrorStatus(error);
  const t = createTranslator(commonMessages, locale);
  return errorResult(status, t(status === 503 ? 'serviceUnavailable' : 'serverError'), undefined, headers);
}

/** What to log about a failed request: an unreachable database in one line (an outage repeats it), anything else in full. */
export function toLoggedError(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? `database unavailable: ${error instanceof Error ? error.message : String(error)}` : error;
}
