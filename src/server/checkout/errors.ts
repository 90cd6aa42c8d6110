import { checkoutMessages } from '#lib/i18n/checkout.ts';
import { checkoutLimitMessages } from '#lib/i18n/checkout-limits.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { defineErrors, type DomainError } from '../errors/domain-error.ts';

/** A refused checkout: a key of the checkout catalogue and the field it concerns (decision 0720). */
export const checkoutError = defineErrors(checkoutMessages);

/**
 * A configured cap passed (issue 22 point 2): the summary 'capReached' is the message, the code
 * (unitsPerProductCap, unpaidValueCap) names the detail line routes.ts adds in the shopper's language.
 */
export const checkoutLimitError = defineErrors(checkoutLimitMessages);

/** A line checkout could not take stock for: the body's itens_indisponiveis. */
export interface ShortItem {
  produto_id: number;
  codigo: string;
  nome_pt: string;
  nome_es: string;
  solicitado: number;
  disponivel: number;
}

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
