import { describe, expect, it } from 'vitest';
import { formatPhone, isCompletePhone, toPhoneNumber, type PhoneCountry } from './phone.ts';

describe('toPhoneNumber: one rule for registration, profile and offers', () => {
  it.each<[typed: string, side: PhoneCountry, international: string, e164: string]>([
    ['0981 123456', 'PY', '+595 981 123 456', '+595981123456'], // the usual local way, trunk 0
    ['0981123456', 'PY', '+595 981 123 456', '+595981123456'],
    ['981 123 456', 'PY', '+595 981 123 456', '+595981123456'],
    ['+595 981 123456', 'PY', '+595 981 123 456', '+595981123456'],
    ['595981123456', 'PY', '+595 981 123 456', '+595981123456'],
    ['+595 61 500 200', 'PY', '+595 61 500 200', '+59561500200'], // Ciudad del Este landline
    ['(061) 500-200', 'PY', '+595 61 500 200', '+59561500200'],
    ['+54 9 11 2345-6789', 'PY', '+54 9 11 2345 6789', '+5491123456789'], // Argentine mobile typed on the PY side
    ['011 15 2345-6789', 'AR', '+54 9 11 2345 6789', '+5491123456789'], // Argentine local mobile form
    ['+54 11 2345-6789', 'AR', '+54 11 2345 6789', '+541123456789'], // Buenos Aires landline
    ['(45) 99999-8888', 'BR', '+55 (45) 99999-8888', '+5545999998888'], // the spec's masks (accounts section 5)
    ['+55 45 3521-1234', 'BR', '+55 (45) 3521-1234', '+554535211234'],
  ])('%s on the %s side is %s', (typed, side, international, e164) => {
    expect(toPhoneNumber(typed, side)).toMatchObject({ international, e164 });
  });

  it.each<[typed: string, side: PhoneCountry]>([
    ['', 'PY'],
    ['0981', 'PY'],
    ['0981 12345', 'PY'],
    ['12345', 'BR'],
    ['+1 212 555 0100', 'PY'], // a valid number, but not of a country the shop serves
    ['not a phone', 'AR'],
  ])('%j on the %s side is refused', (typed, side) => {
    expect(toPhoneNumber(typed, side)).toBeNull();
    expect(isCompletePhone(typed, side)).toBe(false);
  });
});

describe('formatPhone while typing', () => {
  it('never turns the trunk 0 into a digit of the number', () => {
    expect(formatPhone('0981 123456', 'PY')).toBe('+595 981 123 456');
    expect(formatPhone('0981', 'PY')).not.toContain('+595 098');
  });

  it('leaves an empty field empty and keeps a complete number as stored', () => {
    expect(formatPhone('', 'BR')).toBe('');
    expect(formatPhone('+595 61 500 200', 'PY')).toBe('+595 61 500 200');
  });
});
