import { AsYouType, parsePhoneNumberFromString, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import metadataJson from './phone-metadata.json' with { type: 'json' };
import type { Locale } from './locale.ts';

/**
 * The one phone rule of the shop (registration, profile and the offers form): libphonenumber-js
 * with the metadata of the three countries served (scripts/phone-metadata.mjs). A number typed
 * the local way ('0981 123456', with the trunk 0) is read in the buyer's country; one typed with
 * its country code ('+54 9 11 ...') is read as that country's, whatever side it is typed on.
 */
export type PhoneCountry = 'BR' | 'PY' | 'AR';

const metadata = metadataJson as unknown as MetadataJson;
const SERVED: ReadonlySet<string> = new Set<PhoneCountry>(['BR', 'PY', 'AR']);

export interface PhoneNumber {
  country: PhoneCountry;
  /** '+595981123456' */
  e164: string;
  /** '+595 981 123 456', as the shop stores and shows it (toMaskedPhone). */
  international: string;
}

/**
 * The accounts spec's masks (section 5, telefone): Brazil '+55 (##) #####-####' or
 * '+55 (##) ####-####', Paraguay '+595 ### ### ###' (its mobiles: nine digits from 9). A number
 * no mask fits keeps libphonenumber's international grouping: Paraguayan landlines, and every
 * Argentine number, whose ten digits (eleven for mobiles) the spec's '+54 ### ### ###' cannot
 * hold (decision 1240).
 */
function toMaskedPhone(country: PhoneCountry, national: string, international: string): string {
  if (country === 'BR' && (national.length === 10 || national.length === 11)) {
    const head = national.length - 4;
    return `+55 (${national.slice(0, 2)}) ${national.slice(2, head)}-${national.slice(head)}`;
  }
  if (country === 'PY' && /^9\d{8}$/.test(national)) return `+595 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return international;
}

/** The number typed, read in `country` unless it carries its own code; null when not a valid BR/PY/AR number. */
export function toPhoneNumber(value: string, country: PhoneCountry): PhoneNumber | null {
  const parsed = parsePhoneNumberFromString(value.trim(), country as CountryCode, metadata);
  if (!parsed || !parsed.isValid() || !parsed.country || !SERVED.has(parsed.country)) return null;
  const served = parsed.country as PhoneCountry;
  return {
    country: served,
    e164: parsed.number,
    international: toMaskedPhone(served, String(parsed.nationalNumber), parsed.formatInternational()),
  };
}

export function isCompletePhone(value: string, country: PhoneCountry): boolean {
  return toPhoneNumber(value, country) !== null;
}

/** Formats while typing: the international form once complete, the country's grouping before. */
export function formatPhone(value: string, country: PhoneCountry): string {
  if (value.trim() === '') return '';
  const complete = toPhoneNumber(value, country);
  if (complete) return complete.international;
  return new AsYouType(country as CountryCode, metadata).input(value);
}

const COUNTRY_OF_LOCALE: Record<Locale, PhoneCountry> = { 'pt-BR': 'BR', 'es-PY': 'PY', 'es-AR': 'AR' };

/** The country a phone typed on a page of `locale` is read in. */
export function getPhoneCountry(locale: Locale): PhoneCountry {
  return COUNTRY_OF_LOCALE[locale];
}

/** What the shop stores for a phone: the masked international form when the rule reads it, else as typed. */
export function toStoredPhone(value: string, country: PhoneCountry): string {
  return toPhoneNumber(value, country)?.international ?? value.trim();
}

/** The offers list's digits: with the country code when the rule reads the number ('0981 123456' -> 595981123456). */
export function toStoredPhoneDigits(value: string, country: PhoneCountry): string {
  return toPhoneNumber(value, country)?.e164.slice(1) ?? value.replace(/\D/g, '');
}
