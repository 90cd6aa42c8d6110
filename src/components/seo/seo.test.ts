import { describe, expect, it } from 'vitest';
import { toJsonLdText, toMaxLength, toPageTitle } from './seo.ts';

describe('toMaxLength', () => {
  it('keeps short texts and cuts long ones at a word boundary within the limit', () => {
    expect(toMaxLength('Furadeira Makita', 60)).toBe('Furadeira Makita');
    const long = 'Furadeira de Impacto Makita HP1640 com maleta, brocas e mandril de 13 mm profissional';
    const cut = toMaxLength(long, 60);
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(long.startsWith(cut)).toBe(true);
    expect(long[cut.length]).toBe(' ');
  });
  it('cuts a text without spaces at the exact limit', () => {
    expect(toMaxLength('x'.repeat(200), 160)).toHaveLength(160);
  });
});

describe('titles and descriptions (issue 19)', () => {
  it('never leaves half a word or a dangling separator', () => {
    const text = 'Serra Circular Bosch GKS 190 1400W 184 mm | Fronteira Ferramentas - loja';
    for (let max = 10; max < text.length; max += 1) {
      const cut = toMaxLength(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(text.startsWith(cut)).toBe(true);
      expect(text.slice(cut.length)).toMatch(/^[\s|,-]/); // the cut falls between words
      expect(cut).not.toMatch(/[\s|,–—-]$/);
    }
    expect(toMaxLength('Furadeira - Makita profissional', 12)).toBe('Furadeira');
    expect(toMaxLength('Lixadeira, Esmerilhadeira', 12)).toBe('Lixadeira');
  });
  it('adds the store name when it fits, never twice, never at the cost of the page name', () => {
    expect(toPageTitle('Marcas', 'Fronteira Ferramentas')).toBe('Marcas | Fronteira Ferramentas');
    expect(toPageTitle('Sobre a Fronteira Ferramentas', 'Fronteira Ferramentas')).toBe('Sobre a Fronteira Ferramentas');
    const long = 'Furadeira de Impacto Makita HP1640 com maleta e brocas | HP1640';
    expect(toPageTitle(long, 'Fronteira Ferramentas')).toBe(toMaxLength(long, 60));
    expect(toPageTitle('Carrinho |', 'Fronteira Ferramentas')).toBe('Carrinho | Fronteira Ferramentas');
  });
});

describe('toJsonLdText', () => {
  it('never lets data close the script element and still parses back', () => {
    const text = toJsonLdText({ name: '</script><script>alert(1)</script> & co' });
    expect(text).not.toContain('</');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & co' });
  });
});
