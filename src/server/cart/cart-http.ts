import { EXTERNAL_ID_PATTERN } from '#lib/contract/cart.ts';
import { cartMessages } from '#lib/i18n/cart.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';
import type { SessionCustomer } from '../accounts/sessions.ts';
import { errorResult, type ApiResult } from '../http/responses.ts';
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
