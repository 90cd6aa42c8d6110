import { checkoutLimitMessages } from '../../lib/i18n/checkout-limits.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import type { Locale } from '../../lib/locale.ts';
import type { CheckoutError, CheckoutErrorCode } from './errors.ts';

type LimitCode = 'unitsPerProductCap' | 'unpaidValueCap';

function isLimitCode(code: CheckoutErrorCode): code is LimitCode {
  return code === 'unitsPerProductCap' || code === 'unpaidValueCap';
}

/**
 * A cap's answer in the shopper's language: a short summary and the detail (which cap, naming
 * the product in that language), or null for other errors.
 */
export function getLimitMessages(error: CheckoutError, locale: Locale): { summary: string; detail: string } | null {
  if (!isLimitCode(error.code)) return null;
  const { name_pt: namePt = '', name_es: nameEs = '', ...params } = error.params;
  const name = locale.startsWith('es') ? nameEs : namePt;
  const t = createTranslator(checkoutLimitMessages, locale);
  return { summary: t('capReached'), detail: t(error.code, { ...params, name }) };
}
