import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, readJsonText } from './responses.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON has a depth budget (issue 29, point 5)', () => {
  it('JSON nested within the limit is read', () => {
    expect(readJsonText(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`, 'pt-BR')).toMatchObject({ ok: true });
  });

  it.each([
    ['arrays one level too deep', nested(MAX_JSON_DEPTH + 1)],
    ['objects 100,000 deep', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
  ])('%s: refused 400 with the reason, in the language of the host', async (_name, text) => {
    for (const [locale, message] of [
      ['pt-BR', `O JSON enviado tem mais de ${MAX_JSON_DEPTH} níveis de listas e objetos, um dentro do outro.`],
      ['es-PY', `El JSON enviado tiene más de ${MAX_JSON_DEPTH} niveles de listas y objetos, uno dentro de otro.`],
    ] as const) {
      const read = readJsonText(text, locale);
      expect(read.ok).toBe(false);
      if (read.ok) continue;
      expect(read.result.status).toBe(400);
      expect(read.result.body).toMatchObject({ message });
    }
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    expect(readJsonText(JSON.stringify({ a: `\\"${'['.repeat(1000)}` }), 'pt-BR')).toMatchObject({ ok: true });
  });
});
