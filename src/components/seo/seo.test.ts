import { describe, expect, it } from 'vitest';
import { toJsonLdText, toMaxLength } from './seo.ts';

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

describe('toJsonLdText', () => {
  it('never lets data close the script element and still parses back', () => {
    const text = toJsonLdText({ name: '</script><script>alert(1)</script> & co' });
    expect(text).not.toContain('</');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & co' });
  });
});
