import { describe, expect, it } from 'vitest';
import { toPageLocale } from './locale.ts';

describe('toPageLocale', () => {
  it('keeps a shop locale and reads anything else as pt-BR', () => {
    expect(toPageLocale('es-PY')).toBe('es-PY');
    expect(toPageLocale('es-AR')).toBe('es-AR');
    expect(toPageLocale('')).toBe('pt-BR');
    expect(toPageLocale('en')).toBe('pt-BR');
  });
});
