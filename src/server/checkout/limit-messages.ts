import { checkoutLimitMessages } from '../../lib/i18n/checkout-limits.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import type { Locale } from '../../lib/locale.ts';
import type { CheckoutError, CheckoutErrorCode } from './errors.ts';

type LimitCode = 'unitsPerProductCap' | 'unpaidValueCap';

function isLimitCode(code: CheckoutErrorCode): code is LimitCode {
  return code === 'unitsPerProductCap' || code === 'unpaidValueCap';
}

/** The cap's message in the shopper's language (naming the product in it), or null for other errors. */
export function getLimitMessage(error: CheckoutError, locale: Locale): string | null {
  if (!isLimitCode(error.code)) return null;
  const { name_pt: namePt = '', name_es: nameEs = '', ...params } = error.params;
  const name = locale.startsWith('es') ? nameEs : namePt;
  return createTranslator(checkoutLimitMessages, locale)(error.code, { ...params, name });
}
