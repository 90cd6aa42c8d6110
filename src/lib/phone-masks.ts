import { applyMask, toDigits } from './documents.ts';

/** Phone masks of accounts spec section 5, by the buyer's country. */
export type PhoneCountry = 'BR' | 'PY' | 'AR';

const PREFIX: Record<PhoneCountry, string> = { BR: '55', PY: '595', AR: '54' };

/** Formats what the shopper typed; the country code is added when missing. */
export function formatPhone(value: string, country: PhoneCountry): string {
  const prefix = PREFIX[country];
  let digits = toDigits(value);
  if (digits === '') return '';
  if (!digits.startsWith(prefix)) digits = prefix + digits;
  const local = digits.slice(prefix.length);
  if (country === 'BR') {
    const mask = local.length > 10 ? '(##) #####-####' : '(##) ####-####';
    return `+55 ${applyMask(local.slice(0, 11), mask)}`.trim();
  }
  return `+${prefix} ${applyMask(local.slice(0, 9), '### ### ###')}`.trim();
}

/** A complete phone for the country: BR 10 or 11 local digits, PY/AR 9. */
export function isCompletePhone(value: string, country: PhoneCountry): boolean {
  const digits = toDigits(value);
  const prefix = PREFIX[country];
  if (!digits.startsWith(prefix)) return false;
  const local = digits.length - prefix.length;
  return country === 'BR' ? local === 10 || local === 11 : local === 9;
}
