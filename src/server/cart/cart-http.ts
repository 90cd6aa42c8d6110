import { EXTERNAL_ID_PATTERN } from '../../lib/contract/cart.ts';
import { cartMessages } from '../../lib/i18n/cart.ts';
import { commonMessages } from '../../lib/i18n/common.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import { toApiLang, type Locale } from '../../lib/locale.ts';
import type { SessionCustomer } from '../accounts/sessions.ts';
import { errorResult, type ApiResult } from '../http/responses.ts';
import { CartError } from './errors.ts';
import type { CartActor } from './service.ts';

export function getActor(locals: { customer: SessionCustomer | null; locale: Locale }, lang?: 'pt' | 'es'): CartActor {
  return { customerId: locals.customer?.id ?? null, lang: lang ?? toApiLang(locals.locale) };
}

/** 400 for an external id weaker than 128 bits (or not base64url). */
export function checkExternalId(externalId: string, locale: Locale): ApiResult | null {
  if (EXTERNAL_ID_PATTERN.test(externalId)) return null;
  const message = createTranslator(cartMessages, locale)('externalIdWeak');
  return errorResult(400, message, { external_id: [message] });
}

/** CartError -> the JSON error of the contract, in the shopper's language; anything else rethrown. */
export function toCartErrorResult(error: unknown, locale: Locale): ApiResult {
  if (!(error instanceof CartError)) throw error;
  if (error.status === 403) return errorResult(403, createTranslator(commonMessages, locale)('forbidden'));
  const message = createTranslator(cartMessages, locale)(error.key, error.params);
  return errorResult(error.status, message, error.field ? { [error.field]: [message] } : undefined);
}
