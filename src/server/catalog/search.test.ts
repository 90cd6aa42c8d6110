import { describe, expect, it } from 'vitest';
import { toSearchTerms } from './repository.ts';

describe('toSearchTerms', () => {
  it.each<[string, string[]]>([
    ['furadeira', ['furadeira']],
    ['FURADEIRA', ['furadeira']],
    ['  Makita   furad ', ['makita', 'furad']],
    ['Esmerilhadeira Angular', ['esmerilhadeira', 'angular']],
    ['MK-HP1640', ['mk', 'hp1640']],
    ['açúcar ÑANDÚ', ['acucar', 'nandu']],
    ["'; DROP TABLE products; --", ['drop', 'table', 'products']],
    ['a:* & b | !c', ['a', 'b', 'c']],
    ['%_%', []],
    ['', []],
    ['x x x', ['x']],
  ])('%j -> %j', (text, terms) => {
    expect(toSearchTerms(text)).toEqual(terms);
  });

  it('keeps at most 8 terms of at most 40 characters', () => {
    const terms = toSearchTerms(`${'a'.repeat(100)} ${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}`);
    expect(terms).toHaveLength(8);
    expect(terms[0]).toHaveLength(40);
  });
});
