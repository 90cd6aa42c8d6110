import { describe, expect, it } from 'vitest';
import { toCsv, toCsvCell } from './csv.ts';

describe('order desk CSV', () => {
  it('keeps formulas typed by buyers as text (CSV injection)', () => {
    expect(['=HYPERLINK("http://x")', '+55 11', '-1+1', '@SUM(A1)', '\tcmd'].map(toCsvCell))
      .toEqual(['"\'=HYPERLINK(""http://x"")"', "'+55 11", "'-1+1", "'@SUM(A1)", "'\tcmd"]);
  });

  it('quotes separators, quotes and line breaks; numbers stay numbers', () => {
    expect(toCsvCell('Silva, Ana')).toBe('"Silva, Ana"');
    expect(toCsvCell('a\nb')).toBe('"a\nb"');
    expect(toCsvCell(-1500)).toBe('-1500');
    expect(toCsvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });
});
