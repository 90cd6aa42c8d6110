/** Brazilian CPF/CNPJ and Paraguayan RUC: digits, check digits and display masks. */

export function toDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidCpf(value: string): boolean {
  const digits = toDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (numbers[i] ?? 0) * (length + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== numbers[length]) return false;
  }
  return true;
}

export function isValidCnpj(value: string): boolean {
  const digits = toDigits(value);
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  for (const length of [12, 13]) {
    const slice = weights.slice(weights.length - length);
    const sum = slice.reduce((total, weight, i) => total + weight * (numbers[i] ?? 0), 0);
    const rest = sum % 11;
    const check = rest < 2 ? 0 : 11 - rest;
    if (check !== numbers[length]) return false;
  }
  return true;
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

export function formatCnpj(value: string): string {
  return applyMask(toDigits(value).slice(0, 14), '##.###.###/####-##');
}

export function formatRuc(value: string): string {
  const digits = toDigits(value).slice(0, 9);
  return digits.length < 2 ? digits : `${digits.slice(0, -1)}-${digits.slice(-1)}`;
}

export function formatCep(value: string): string {
  return applyMask(toDigits(value).slice(0, 8), '#####-###');
}

export { applyMask };
