/** Brazilian CPF/CNPJ and Paraguayan RUC: digits, check digits and display masks. */
import { isValidCnpj as isValidCnpjOfLibrary } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as isValidCpfOfLibrary } from '@brazilian-utils/brazilian-utils/is-valid-cpf';

export function toDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** CPF: check digits as the Receita Federal defines them (@brazilian-utils). */
export function isValidCpf(value: string): boolean {
  return isValidCpfOfLibrary(value);
}

/**
 * CNPJ, numeric or alphanumeric (issued since July 2026: 12 characters 0-9/A-Z, then 2 check
 * digits), with or without the mask, case-insensitive (@brazilian-utils, version 2).
 */
export function isValidCnpj(value: string): boolean {
  return isValidCnpjOfLibrary(value, { version: 2 });
}

/**
 * RUC check digit (SET, modulus 11 with base 11): weights 2, 3, ... from the right over the
 * base number; remainder > 1 gives 11 - remainder, otherwise 0.
 */
export function getRucCheckDigit(base: string): number {
  let weight = 2;
  let sum = 0;
  for (const char of [...base].reverse()) {
    const code = char.toUpperCase().charCodeAt(0);
    const digit = code >= 48 && code <= 57 ? code - 48 : code;
    sum += digit * weight;
    weight = weight === 11 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest > 1 ? 11 - rest : 0;
}

export function isValidRuc(value: string): boolean {
  const match = value.trim().match(/^(\d{3,8})-?(\d)$/);
  if (!match) return false;
  return getRucCheckDigit(match[1] ?? '') === Number(match[2]);
}

function applyMask(digits: string, mask: string): string {
  let out = '';
  let index = 0;
  for (const char of mask) {
    if (index >= digits.length) break;
    if (char === '#') out += digits[index++];
    else out += char;
  }
  return out;
}

export function formatCpf(value: string): string {
  return applyMask(toDigits(value).slice(0, 11), '###.###.###-##');
}

/** Masks a CNPJ as it is typed; letters are kept (alphanumeric CNPJ) and upper-cased. */
export function formatCnpj(value: string): string {
  const characters = value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
  return applyMask(characters, '##.###.###/####-##');
}

/**
 * The Brazilian document field takes a CPF or a CNPJ: masked as a CPF up to 11 digits, as a
 * CNPJ beyond that or as soon as a letter appears.
 */
export function formatCpfOrCnpj(value: string): string {
  const characters = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return characters.length > 11 || /[A-Z]/.test(characters) ? formatCnpj(characters) : formatCpf(characters);
}

export function formatRuc(value: string): string {
  const digits = toDigits(value).slice(0, 9);
  return digits.length < 2 ? digits : `${digits.slice(0, -1)}-${digits.slice(-1)}`;
}

export function formatCep(value: string): string {
  return applyMask(toDigits(value).slice(0, 8), '#####-###');
}

export { applyMask };
