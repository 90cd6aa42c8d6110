import { describe, expect, it } from 'vitest';
import { toCsv, toCsvAmount, toCsvCell, toCsvTime } from './csv.ts';

describe('toCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+5511999', "'+5511999"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', `"'\tcmd"`],
    ['595981123456', '595981123456'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['line\nbreak', '"line\nbreak"'],
    // a formula wherever a spreadsheet could split: after ; , tab, a line break or a quote
    ['Ana;=1+1', `"Ana;'=1+1"`],
    ['Ana, =1+1', `"Ana, '=1+1"`],
    ['Ana"=1+1', `"Ana""'=1+1"`],
    ['Ana\n@x', `"Ana\n'@x"`],
    ['RUC 80012345-6', 'RUC 80012345-6'],
  ])('%j -> %j', (input, expected) => {
    expect(toCsvCell(input)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a BOM, `;` between cells, CRLF rows and empty cells for null', () => {
    expect(
      toCsv(
        [
          ['a', null],
          [1, 'b'],
        ],
        'pt-BR',
      ),
    ).toBe('\uFEFFa;\r\n1;b\r\n');
  });

  it('leaves no cell starting with a formula character, split on ; or on ,', () => {
    const hostile = ['=1+1', 'x;=cmd|"/c calc"!A1', 'y,+1', 'z";@SUM(1)', ' -2', 'w\t=1', "'=ok"];
    const csv = toCsv([hostile, hostile.map((cell) => `Nome ${cell}`)], 'es-PY');
    for (const separator of [';', ',', '\t']) {
      const cells = csv
        .slice(1)
        .split(/\r\n|\n|\r/)
        .flatMap((line) => line.split(separator));
      for (const cell of cells)
        expect(cell.replace(/^[\s"]+/, ''), `${JSON.stringify(cell)} split on ${separator}`).not.toMatch(/^[=+\-@]/);
    }
  });
});

describe('amounts and times for spreadsheets', () => {
  it('writes decimal commas and no thousands marks', () => {
    expect(toCsvAmount(123450, 2, 'pt-BR')).toBe('1234,50');
    expect(toCsvAmount(730000, 0, 'es-PY')).toBe('730000');
  });

  it("writes the store's local time (Paraguay, UTC-3)", () => {
    expect(toCsvTime(new Date('2026-12-07T04:26:00Z'))).toBe('2026-12-07 01:26');
    expect(toCsvTime(null)).toBe('');
  });
});
