import { describe, expect, it } from 'vitest';
import { toCsv, toCsvCell } from './csv.ts';

describe('toCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+5511999', "'+5511999"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['595981123456', '595981123456'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('%j -> %j', (input, expected) => {
    expect(toCsvCell(input)).toBe(expected);
  });

  it('writes a BOM, CRLF rows and empty cells for null', () => {
    expect(
      toCsv([
        ['a', null],
        [1, 'b'],
      ]),
    ).toBe('\uFEFFa,\r\n1,b\r\n');
  });
});
