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

/**
 * Document types as the shop stores them (spec: CPF for Brazilian buyers, a CNPJ in the same
 * field; RUC or Cédula for Paraguayan ones).
 */
export const DOCUMENT_TYPES = ['CPF', 'CNPJ', 'RUC', 'CEDULA'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The word shoppers and staff read: the documents write 'Cédula', the others by their acronym. */
const DOCUMENT_TYPE_WORDS: Record<DocumentType, string> = { CPF: 'CPF', CNPJ: 'CNPJ', RUC: 'RUC', CEDULA: 'Cédula' };

/**
 * A document type as a client writes it: the code or the word, in any case, with or without the
 * accent ('Cédula', 'cedula', 'CEDULA', 'ruc'); null when it names none of them.
 */
export function toDocumentType(value: string): DocumentType | null {
  const key = value.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();
  return (DOCUMENT_TYPES as readonly string[]).includes(key) ? (key as DocumentType) : null;
}

/** A stored document type as a word ('CEDULA' -> 'Cédula'); an unknown value as it is. */
export function toDocumentTypeWord(value: string): string {
  const type = toDocumentType(value);
  return type ? DOCUMENT_TYPE_WORDS[type] : value;
}

/** 'Cédula 1234567', 'CPF 529.982.247-25': what a page, e-mail or PDF shows of a buyer's document. */
export function toDocumentLabel(type: string, document: string): string {
  return `${toDocumentTypeWord(type)} ${document}`.trim();
}

export { applyMask };
