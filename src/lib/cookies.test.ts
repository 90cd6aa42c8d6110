import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others, spaces and tabs trimmed', () => {
    expect(readCookie('a=1; fronteira_stored=1;\tfronteira_cart= abc ', 'fronteira_cart')).toBe('abc');
    expect(readCookie('a=1; fronteira_stored=1', 'fronteira_stored')).toBe('1');
  });

  it('takes the first of two cookies with the same name, as the server does', () => {
    expect(readCookie('lang=es-PY; lang=pt-BR', 'lang')).toBe('es-PY');
  });

  it('decodes URI escapes and keeps a value that is not a valid escape', () => {
    expect(readCookie('note=a%20b', 'note')).toBe('a b');
    expect(readCookie('note=100%', 'note')).toBe('100%');
  });

  it('answers undefined for a missing, empty or unnamed cookie', () => {
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie('a=', 'a')).toBeUndefined();
    expect(readCookie('ab=1; =2', 'a')).toBeUndefined();
  });
});
