import type { Locale } from './locale.ts';

/**
 * Offers signup phone field (storefront spec section 5): reformatted while typing, digits only
 * kept; es-PY up to 12 digits (+595 handling), es-AR up to 13 (+54 / +549 handling), otherwise
 * up to 11 as '(DD) NNNNN-NNNN'. Valid when 10 to 15 digits.
 */
export const OFFERS_PHONE_MAX_LENGTH = { desktop: 20, mobile: 15 } as const;
export const OFFERS_PHONE_MIN_LENGTH = 10;
export const OFFERS_PHONE_MIN_DIGITS = 10;
export const OFFERS_PHONE_MAX_DIGITS = 15;

const MAX_DIGITS: Record<Locale, number> = { 'pt-BR': 11, 'es-PY': 12, 'es-AR': 13 };

export function toPhoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Splits digits into groups of the given sizes; the last group takes what is left. */
function group(digits: string, sizes: readonly number[], separators: readonly string[]): string {
  let out = '';
  let index = 0;
  sizes.forEach((size, i) => {
    const part = digits.slice(index, index + size);
    if (!part) return;
    out += (i > 0 ? (separators[i - 1] ?? ' ') : '') + part;
    index += size;
  });
  return out;
}

function formatBrazil(digits: string): string {
  if (digits.length <= 2) return digits.length ? `(${digits}` : '';
  const area = `(${digits.slice(0, 2)}) `;
  const rest = digits.slice(2);
  if (rest.length <= 4) return area + rest;
  const head = rest.length === 8 ? 4 : 5; // landlines have 8 digits, mobiles 9
  return `${area}${rest.slice(0, head)}-${rest.slice(head)}`.replace(/-$/, '');
}

function formatParaguay(digits: string): string {
  if (digits.startsWith('595')) {
    const rest = digits.slice(3);
    return rest ? `+595 ${group(rest, [3, 3, 3], [' ', ' '])}` : '+595';
  }
  return group(digits, [4, 3, 3, 2], [' ', ' ', ' ']);
}

function formatArgentina(digits: string): string {
  if (digits.startsWith('549')) {
    const rest = digits.slice(3);
    return rest ? `+54 9 ${group(rest, [2, 4, 4], [' ', '-'])}` : '+54 9';
  }
  if (digits.startsWith('54')) {
    const rest = digits.slice(2);
    return rest ? `+54 ${group(rest, [2, 4, 4, 1], [' ', '-', ''])}` : '+54';
  }
  return group(digits, [2, 4, 4, 3], [' ', '-', '']);
}

export function formatOffersPhone(value: string, locale: Locale): string {
  const digits = toPhoneDigits(value).slice(0, MAX_DIGITS[locale]);
  if (locale === 'es-PY') return formatParaguay(digits);
  if (locale === 'es-AR') return formatArgentina(digits);
  return formatBrazil(digits);
}

export type OffersPhoneError = 'required' | 'minLength' | 'maxLength' | 'digits';

/** Desktop rules in order: required, min length 10, max length, then 10 to 15 digits. */
export function validateOffersPhone(value: string, maxLength: number = OFFERS_PHONE_MAX_LENGTH.desktop): OffersPhoneError | null {
  const text = value.trim();
  if (!text) return 'required';
  if (text.length < OFFERS_PHONE_MIN_LENGTH) return 'minLength';
  if (text.length > maxLength) return 'maxLength';
  const digits = toPhoneDigits(text).length;
  if (digits < OFFERS_PHONE_MIN_DIGITS || digits > OFFERS_PHONE_MAX_DIGITS) return 'digits';
  return null;
}
