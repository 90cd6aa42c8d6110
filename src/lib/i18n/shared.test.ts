import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each text once (issue 16): the purchase-flow catalogues take the texts they share from
 * shared.ts instead of writing them again. Reads the files, so a copied literal is caught even
 * though it would translate the same.
 */
const FLOW = ['cart', 'checkout', 'shipping', 'orders', 'money', 'favourites'];

function readLiterals(file: string): Array<{ where: string; text: string }> {
  const source = readFileSync(path.join(import.meta.dirname, `${file}.ts`), 'utf8');
  const found: Array<{ where: string; text: string }> = [];
  let locale = '';
  for (const line of source.split('\n')) {
    const block = /^ {2}'(pt-BR|es-PY|es-AR)': \{/.exec(line);
    if (block) locale = block[1] ?? '';
    const entry = /^ {4}(\w+): '((?:[^'\\]|\\.)*)',/.exec(line);
    if (entry && locale) found.push({ where: `${file}.ts ${locale}.${entry[1]}`, text: `${locale}|${entry[2]}` });
  }
  return found;
}

describe('shared texts', () => {
  it('writes no text of the purchase flow twice across its catalogues', () => {
    const literals = FLOW.flatMap(readLiterals);
    expect(literals.length).toBeGreaterThan(150);
    const byText = new Map<string, string[]>();
    for (const { where, text } of literals) byText.set(text, [...(byText.get(text) ?? []), where]);
    const twice = [...byText.values()].filter((places) => new Set(places.map((place) => place.split(' ')[0])).size > 1);
    expect(twice).toEqual([]);
  });
});
