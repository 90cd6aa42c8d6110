// `.env.example` is written from the README's configuration table, and both are checked against
// the variables src/server/config.ts validates: `node scripts/env-example.mjs` rewrites the file,
// `--check` (run by `npm run lint`) fails when a variable is missing from either.
import { readFile, writeFile } from 'node:fs/promises';
import { ConfigSchema } from '../src/server/config.ts';

const README = 'README.md';
const EXAMPLE = '.env.example';

function readTable(markdown) {
  const rows = [...markdown.matchAll(/^\| `([A-Z0-9_]+)` \| (.+?) \| (.+?) \|$/gm)];
  return rows.map(([, name, fallback, meaning]) => ({
    name,
    fallback: fallback.replaceAll('`', ''),
    meaning: meaning.replaceAll('`', ''),
  }));
}

function toExample(rows) {
  const header = '# Every setting of the shop, with its default. Generated from README.md by scripts/env-example.mjs.\n';
  return header + rows.map(({ name, fallback, meaning }) => `\n# ${meaning} (default: ${fallback})\n# ${name}=\n`).join('');
}

const rows = readTable(await readFile(README, 'utf8'));
const expected = toExample(rows);
if (!process.argv.includes('--check')) {
  await writeFile(EXAMPLE, expected);
  console.log(`${EXAMPLE} written (${rows.length} variables)`);
} else {
  const documented = new Set(rows.map((row) => row.name));
  const validated = new Set(Object.keys(ConfigSchema.shape));
  const problems = [
    ...[...validated]
      .filter((name) => !documented.has(name))
      .map((name) => `${name}: validated in src/server/config.ts but missing from README's configuration table`),
    ...[...documented]
      .filter((name) => !validated.has(name))
      .map((name) => `${name}: in README's configuration table but not validated in src/server/config.ts`),
  ];
  const current = await readFile(EXAMPLE, 'utf8').catch(() => '');
  if (current !== expected) problems.push(`${EXAMPLE} is out of date: run node scripts/env-example.mjs`);
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log('configuration documented');
}
