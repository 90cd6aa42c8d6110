import { describe, expect, it } from 'vitest';
import { formatOffersPhone, toPhoneDigits, validateOffersPhone } from './offers-phone.ts';

describe('formatOffersPhone', () => {
  it.each([
    ['', ''],
    ['4', '(4'],
    ['45', '(45'],
    ['459', '(45) 9'],
    ['45999', '(45) 999'],
    ['459991', '(45) 9991'],
    ['4599912', '(45) 99912'],
    ['45999123456', '(45) 99912-3456'],
    ['4535221234', '(45) 3522-1234'],
    ['45 99912-34567890', '(45) 99912-3456'],
    ['(45) abc 99912', '(45) 99912'],
  ])('pt-BR %j -> %j', (input, expected) => {
    expect(formatOffersPhone(input, 'pt-BR')).toBe(expected);
  });

  it.each([
    ['0981123456', '0981 123 456'],
    ['595981123456', '+595 981 123 456'],
    ['+595 981 123 456 789', '+595 981 123 456'],
    ['595', '+595'],
    ['5959', '+595 9'],
  ])('es-PY %j -> %j', (input, expected) => {
    expect(formatOffersPhone(input, 'es-PY')).toBe(expected);
  });

  it.each([
    ['5491123456789', '+54 9 11 2345-6789'],
    ['541123456789', '+54 11 2345-6789'],
    ['1123456789', '11 2345-6789'],
    ['54911234567890000', '+54 9 11 2345-6789'],
  ])('es-AR %j -> %j', (input, expected) => {
    expect(formatOffersPhone(input, 'es-AR')).toBe(expected);
  });

  it('never keeps more digits than the locale allows', () => {
    expect(toPhoneDigits(formatOffersPhone('9'.repeat(30), 'pt-BR'))).toHaveLength(11);
    expect(toPhoneDigits(formatOffersPhone('9'.repeat(30), 'es-PY'))).toHaveLength(12);
    expect(toPhoneDigits(formatOffersPhone('9'.repeat(30), 'es-AR'))).toHaveLength(13);
  });
});

describe('validateOffersPhone', () => {
  it('requires a value', () => {
    expect(validateOffersPhone('')).toBe('required');
    expect(validateOffersPhone('   ')).toBe('required');
  });
  it('needs at least 10 characters and 10 to 15 digits', () => {
    expect(validateOffersPhone('(45) 9991')).toBe('minLength');
    expect(validateOffersPhone('(45) 99-ab-cd-ef')).toBe('digits');
    expect(validateOffersPhone('(45) 99912-3456')).toBeNull();
    expect(validateOffersPhone('0981 123 456')).toBeNull();
    expect(validateOffersPhone('+54 9 11 2345-6789')).toBeNull();
  });
  it('applies the maximum length of the form variant', () => {
    expect(validateOffersPhone('+54 9 11 2345-6789', 15)).toBe('maxLength');
    expect(validateOffersPhone('1'.repeat(16), 20)).toBe('digits');
  });
});
