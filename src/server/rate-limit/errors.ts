import { commonMessages } from '#lib/i18n/common.ts';
import { defineErrors, type DomainError } from '../errors/domain-error.ts';

const limitError = defineErrors(commonMessages);

/** 429 with Retry-After; the window of most limits is 15 minutes. */
export function tooManyRequestsError(retryAfterSeconds = 900): DomainError {
  return limitError('too_many', 'tooManyRequests', { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
}
