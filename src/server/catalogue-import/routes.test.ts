import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { longCsvLine } from '#tests/support/bombs.ts';
import { MAX_LINE_CHARS } from './errors.ts';
import { openImportRows } from './routes.ts';

const HEADER = 'codigo;nome_pt;nome_es;marca;categoria_pt;preco;estoque';

async function readAll(bytes: Buffer, format: 'csv' | 'json') {
  const rows = await openImportRows(() => Readable.from([bytes]), format);
  const read = [];
  for await (const row of rows()) read.push(row);
  return read;
}

async function refusal(bytes: Buffer, format: 'csv' | 'json') {
  return readAll(bytes, format).then(
    () => null,
    (error: { code?: string; params?: Record<string, unknown> }) => ({ code: error.code, line: error.params?.detail }),
  );
}

describe('catalogue import: a line has a budget (issue 29, point 5)', () => {
  it('a CSV line of 16 MB without a line break is refused, naming the line, before it is buffered', async () => {
    const bytes = Buffer.concat([Buffer.from(`${HEADER}\nP1;a;a;m;c;1;1\n`), longCsvLine(16 * 1024 * 1024).subarray(12)]);
    expect(await refusal(bytes, 'csv')).toEqual({ code: 'line_too_long', line: '3' });
  });

  it('an open quote that swallows the rest of the file is refused the same way', async () => {
    const bytes = Buffer.from(`${HEADER}\nP1;"${'x'.repeat(MAX_LINE_CHARS)}\n`.repeat(3));
    expect(await refusal(bytes, 'csv')).toMatchObject({ code: 'line_too_long' });
  });

  it('a JSON Lines line longer than the limit is refused; a line just under it is read', async () => {
    const long = Buffer.from(`{"codigo":"P1"}\n{"codigo":"${'x'.repeat(MAX_LINE_CHARS * 5)}"}\n`);
    expect(await refusal(long, 'json')).toEqual({ code: 'line_too_long', line: '2' });
    const fits = Buffer.from(`{"codigo":"${'x'.repeat(MAX_LINE_CHARS - 20)}"}\n`);
    expect(await readAll(fits, 'json')).toHaveLength(1);
  });

  it('a JSON Lines object nested 20,000 deep is a row with invalid JSON, not a crash', async () => {
    const deep = Buffer.from(`{"codigo":"P1"}\n{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}\n`);
    const rows = await readAll(deep, 'json');
    expect(rows[1]).toEqual({ line: 2, issues: [{ field: 'json', problem: 'invalid' }] });
  });
});
