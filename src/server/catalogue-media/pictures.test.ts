import { describe, expect, it } from 'vitest';
import { toCodeCandidates } from './pictures.ts';

describe('a bulk picture file name and the product codes it may stand for', () => {
  it('tries the whole name, then shorter cuts at separators, longest first', () => {
    expect(toCodeCandidates('fur-800-2.jpg')).toEqual(['FUR-800-2', 'FUR-800', 'FUR']);
    expect(toCodeCandidates('fotos/AMO-1200_costas.PNG')).toEqual(['AMO-1200_COSTAS', 'AMO-1200', 'AMO']);
    expect(toCodeCandidates('12345.webp')).toEqual(['12345']);
    expect(toCodeCandidates('.jpg')).toEqual([]);
  });
});
