import { readdirSync, readFileSync } from 'node:fs';
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

/**
 * Every catalogue of this folder: a message (its pt-BR, es-PY and es-AR texts together) is written
 * in one file only; the others reference it: the island catalogue that shows it (an island loads
 * its catalogue whole, so referencing it costs nothing), or a shared*.ts module (decision 0730).
 * Two keys whose texts agree in one language but not in the other are two messages (pt 'Estado'
 * is a Brazilian state, es 'Estado' a status), so they are not copies.
 */
const ALL = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'translator.ts')
  .map((file) => file.replace(/\.ts$/, ''));

/** Keys two catalogues write alike on purpose, each with the reason it may differ later. */
const ALLOWED = new Set([
  // A form's given-name field ('Nome' beside 'Sobrenome'), not the name of a thing as in listings.
  'accounts.firstName',
  // shell.ts reaches the browser lazily, for notices: taking these from the account islands'
  // catalogue (or a module shared with them) makes a chunk it depends on, whose preload map and
  // helper add 150 B gz to the page script every shop page runs (measured, decision 0730).
  'shell.login',
  'shell.greeting',
  'shell.myAccount',
  'shell.favourites',
  'shell.close',
]);

type Texts = Record<string, unknown>;

/** Keys whose pt-BR text is a literal in the file (a reference is not a copy). */
function literalKeys(file: string): Set<string> {
  const source = readFileSync(path.join(import.meta.dirname, `${file}.ts`), 'utf8');
  const keys = new Set<string>();
  let locale = '';
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    const block = /^ {2}'(pt-BR|es-PY|es-AR)': \{/.exec(line);
    if (block) locale = block[1] ?? '';
    const entry = /^ {4}(\w+): '/.exec(line) ?? (/^ {6}'/.test(lines[index + 1] ?? '') ? /^ {4}(\w+):$/.exec(line) : null);
    if (entry?.[1] && locale === 'pt-BR') keys.add(entry[1]);
    const pair = /^export const (\w+) = \{/.exec(line);
    if (pair?.[1]) keys.add(pair[1]);
  });
  return keys;
}

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null;
}

async function readMessages(file: string): Promise<Array<{ where: string; message: string }>> {
  const module: Texts = await import(path.join(import.meta.dirname, `${file}.ts`));
  const literal = literalKeys(file);
  const found: Array<{ where: string; message: string }> = [];
  const add = (key: string, texts: unknown[]) => {
    if (literal.has(key) && !ALLOWED.has(`${file}.${key}`)) found.push({ where: `${file}.${key}`, message: JSON.stringify(texts) });
  };
  for (const [name, value] of Object.entries(module)) {
    if (!isTexts(value)) continue;
    if (typeof value.pt === 'string' && typeof value.es === 'string') add(name, [value.pt, value.es, value.es]);
    const [pt, es, ar] = [value['pt-BR'], value['es-PY'], value['es-AR'] ?? {}];
    if (!isTexts(pt) || !isTexts(es) || !isTexts(ar)) continue;
    for (const key of Object.keys(pt)) add(key, [pt[key], es[key], ar[key] ?? es[key]]);
  }
  return found;
}

describe('each message once', () => {
  it('writes no message of any catalogue in two files', async () => {
    expect(ALL.length).toBeGreaterThan(30);
    const messages = (await Promise.all(ALL.map(readMessages))).flat();
    expect(messages.length).toBeGreaterThan(1000);
    const byMessage = new Map<string, string[]>();
    for (const { where, message } of messages) byMessage.set(message, [...(byMessage.get(message) ?? []), where]);
    const copied = [...byMessage.values()].filter((places) => new Set(places.map((place) => place.split('.')[0])).size > 1);
    expect(copied).toEqual([]);
  });
});
