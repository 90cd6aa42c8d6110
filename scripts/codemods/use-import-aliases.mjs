// Rewrites relative imports that climb two or more folders (`../../lib/money.ts`) into the
// package.json `imports` aliases (`#lib/money.ts`), in src/, tests/ and scripts/. Imports that
// stay close (`./x.ts`, `../x.ts`) keep their relative form: they name a neighbour. Run through
// `npm run fix:imports`; it prints what it changed and is safe to run again. With `--check` it
// writes nothing, names the files it would change and fails if there are any.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = process.cwd();
const checkOnly = process.argv.includes('--check');
const { imports } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
// '#lib/*' -> './src/lib/*' becomes { alias: '#lib/', folder: 'src/lib/' }, longest folder first.
const ALIASES = Object.entries(imports)
  .filter(([alias, target]) => alias.endsWith('/*') && typeof target === 'string' && target.endsWith('/*'))
  .map(([alias, target]) => ({ alias: alias.slice(0, -1), folder: path.posix.normalize(target.slice(0, -1)) }))
  .sort((a, b) => b.folder.length - a.folder.length);
const SOURCE = /\.(?:ts|tsx|mts|mjs|js|astro)$/;
// Static imports and re-exports (`from '...'`), side-effect imports, dynamic `import('...')` and
// vitest's module helpers, with a specifier starting with two or more `../`.
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*|\bvi\.(?:mock|doMock|importActual)\(\s*)(['"])((?:\.\.\/){2,}[^'"\n]*)\2/g;

async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
      return SOURCE.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

function toAlias(file, specifier) {
  const target = path
    .relative(root, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
  const match = ALIASES.find(({ folder }) => target.startsWith(folder));
  return match ? match.alias + target.slice(match.folder.length) : null;
}

let filesChanged = 0;
let importsChanged = 0;
for (const file of (await Promise.all(['src', 'tests', 'scripts'].map((dir) => walk(path.join(root, dir))))).flat()) {
  const source = await readFile(file, 'utf8');
  let count = 0;
  const rewritten = source.replace(SPECIFIER, (whole, lead, quote, specifier) => {
    const aliased = toAlias(file, specifier);
    if (!aliased) return whole;
    count += 1;
    return `${lead}${quote}${aliased}${quote}`;
  });
  if (count === 0) continue;
  if (checkOnly) console.error(`${path.relative(root, file)}: ${count} imports climb two or more folders (npm run fix:imports)`);
  else await writeFile(file, rewritten);
  filesChanged += 1;
  importsChanged += count;
}
if (checkOnly && filesChanged > 0) process.exit(1);
console.log(`use-import-aliases: ${importsChanged} imports ${checkOnly ? 'to rewrite' : 'rewritten'} in ${filesChanged} files`);
