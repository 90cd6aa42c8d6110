import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatCnpj,
  formatCpf,
  formatCpfOrCnpj,
  formatRuc,
  getRucCheckDigit,
  isValidCnpj,
  isValidCpf,
  isValidRuc,
  toDocumentLabel,
  toDocumentType,
} from './documents.ts';
import { getPasswordProblem } from './password-rule.ts';

describe('CPF and CNPJ', () => {
  it('accepts valid check digits with or without the mask', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
  });

  it.each([
    ['12.ABC.345/01DE-35', true],
    ['12ABC34501DE35', true],
    ['12abc34501de35', true],
    ['12.ABC.345/01DE-36', false],
    ['12.ABC.345/01DE-3A', false],
    ['12.ABC.345/01D', false],
  ])('alphanumeric CNPJ (issued since July 2026) %s -> %s', (value, valid) => {
    expect(isValidCnpj(value)).toBe(valid);
  });

  it.each([
    ['00000000000000', false],
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
  ])('numeric CNPJ %s -> %s', (value, valid) => {
    expect(isValidCnpj(value)).toBe(valid);
  });

  it('masks a CNPJ, letters included, and a CPF-or-CNPJ field by what was typed', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCpfOrCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfOrCnpj('112223330001')).toBe('11.222.333/0001');
    expect(formatCpfOrCnpj('12ab')).toBe('12.AB');
  });

  it('masks as the shopper types', () => {
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('52998224725999')).toBe('529.982.247-25');
    expect(formatCep('85851000')).toBe('85851-000');
  });
});

describe('RUC (modulus 11)', () => {
  it('computes the check digit over the base number', () => {
    expect(getRucCheckDigit('80000519')).toBe(8);
    expect(getRucCheckDigit('1234567')).toBe(9);
  });

  it('validates with or without the dash and masks ########-#', () => {
    expect(isValidRuc('80000519-8')).toBe(true);
    expect(isValidRuc('800005198')).toBe(true);
    expect(isValidRuc('80000519-9')).toBe(false);
    expect(isValidRuc('abc')).toBe(false);
    expect(formatRuc('800005198')).toBe('80000519-8');
  });
});

describe('password rule (DECISIONS.md)', () => {
  it.each([
    ['Aa1!', 'length'],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!x', 'length'],
    ['PassWord', 'forbiddenWord'],
    ['abcdefg1!', 'uppercase'],
    ['ABCDEFG1!', 'lowercase'],
    ['Abcdefgh!', 'digit'],
    ['Abcdefgh1', 'special'],
  ])('%s breaks %s', (password, problem) => {
    expect(getPasswordProblem(password)).toBe(problem);
  });

  it('accepts 8 to 20 characters with every class', () => {
    expect(getPasswordProblem('Ferramenta#2026')).toBeNull();
    expect(getPasswordProblem('Aa1!Aa1!')).toBeNull();
  });
});

describe('document types (accounts spec: CPF, RUC or Cédula)', () => {
  it.each([
    ['Cédula', 'CEDULA'],
    ['cedula', 'CEDULA'],
    [' CÉDULA ', 'CEDULA'],
    ['ruc', 'RUC'],
    ['CPF', 'CPF'],
    ['cnpj', 'CNPJ'],
    ['Passaporte', null],
    ['', null],
  ])('%j is read as %s', (written, type) => {
    expect(toDocumentType(written)).toBe(type);
  });

  it('is shown as the word, with the number', () => {
    expect(toDocumentLabel('CEDULA', '1234567')).toBe('Cédula 1234567');
    expect(toDocumentLabel('RUC', '80012345-6')).toBe('RUC 80012345-6');
    expect(toDocumentLabel('', '')).toBe('');
  });
});
