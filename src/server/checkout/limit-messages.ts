import { checkoutLimitMessages } from '#lib/i18n/checkout-limits.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { DomainError } from '../errors/domain-error.ts';

type LimitCode = 'unitsPerProductCap' | 'unpaidValueCap';

function isLimitCode(code: string): code is LimitCode {
  return code === 'unitsPerProductCap' || code === 'unpaidValueCap';
}

/** A cap's detail line in the shopper's language (which cap, naming the product in that language), or null for other errors. */
export function getLimitDetail(error: DomainError, locale: Locale): string | null {
  if (!isLimitCode(error.code)) return null;
  const { name_pt: namePt = '', name_es: nameEs = '', ...params } = error.params;
  const name = locale.startsWith('es') ? nameEs : namePt;
  return createTranslator(checkoutLimitMessages, locale)(error.code, { ...params, name });
}
