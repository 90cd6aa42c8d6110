// Enforces the layering of ARCHITECTURE.md: lib imports only lib; islands never import server
// or components; a domain's repository (its SQL) is used only inside its own folder, other
// code goes through the domain's services (type-only imports of its row shapes are fine).
// SQL (a `.query(` call or SQL text) lives only in a domain's `repository.ts` and in
// src/server/db/ (decision 0720); the files not yet reshaped are named below, and the list only
// shrinks. process.env is read only by the configuration module (and the database boot). No
// import cycle among src/ modules (static, non-type imports): a module of a cycle can run while
// another is half-initialised; the one cycle still known is named below, and the list only shrinks.
// Type errors are tsc's job (npm run check).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const RULES = [
  { layer: 'src/lib/', forbidden: ['src/server/', 'src/islands/', 'src/components/', 'src/pages/', 'src/layouts/'] },
  { layer: 'src/islands/', forbidden: ['src/server/', 'src/components/', 'src/pages/', 'src/layouts/'] },
  { layer: 'src/server/', forbidden: ['src/islands/', 'src/components/', 'src/pages/', 'src/layouts/'] },
];

// Files that still run SQL outside a repository.ts, by name: remove each as its domain is reshaped.
const SQL_ALLOWED_FOR_NOW = new Set([]);
const SQL_TEXT = /\.query\(|\b(?:SELECT\s[\s\S]{0,400}?\sFROM\s|INSERT\s+INTO\s|DELETE\s+FROM\s|UPDATE\s+[a-z_]+\s+SET\s)/;

// The environment is read in one place, src/server/config.ts (validated at start, README table,
// .env.example). The database boot writes DATABASE_URL once the embedded PostgreSQL is up, so
// its pool (and every cluster worker, which inherits the environment) reads it back there.
// Unit tests may set variables for reloadConfig().
const ENV_READERS = new Set(['src/server/config.ts', 'src/server/db/boot.ts', 'src/server/db/client.ts']);

// accounts/routes.ts reads the identity-document upload (customer-documents), whose download
// checks the session (accounts): each through the other's index.ts. By the files of the cycle.
const CYCLES_ALLOWED_FOR_NOW = new Set([
  [
    'src/server/accounts/index.ts',
    'src/server/accounts/routes.ts',
    'src/server/customer-documents/index.ts',
    'src/server/customer-documents/routes.ts',
  ].join(' '),
]);
const STATIC_IMPORTS = [
  /^import\s+(?!type\s)[^'";]*?\bfrom\s*['"]([.#][^'"]+)['"]/gm,
  /^import\s*['"]([.#][^'"]+)['"]/gm,
  /^export\s+(?:\*|\*\s+as\s+[\w$]+|\{[^}]*\})\s*from\s*['"]([.#][^'"]+)['"]/gm,
];

/** The groups of files that import each other in a circle (Tarjan's strongly connected components). */
function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file).includes(file)) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

function mayHoldSql(file) {
  return path.basename(file) === 'repository.ts' || file.startsWith('src/server/db/');
}

// package.json `imports` aliases ('#lib/*' -> './src/lib/*'): an aliased import is checked like
// the relative path it stands for.
const { imports: ALIASES = {} } = JSON.parse(await readFile('package.json', 'utf8'));

function resolveImport(file, specifier) {
  if (!specifier.startsWith('#')) return path.join(path.dirname(file), specifier);
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (alias.endsWith('/*') && specifier.startsWith(alias.slice(0, -1)))
      return path.join(target.slice(0, -1), specifier.slice(alias.length - 1));
  }
  return specifier;
}

async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return files.flat();
}

const problems = [];
const imports = new Map();
for (const file of await walk('src')) {
  if (!/\.(ts|tsx|astro)$/.test(file)) continue;
  const source = await readFile(file, 'utf8');
  if (!file.endsWith('.astro'))
    imports.set(
      file,
      STATIC_IMPORTS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => resolveImport(file, match[1]))),
    );
  const holdsSql = SQL_TEXT.test(source);
  if (holdsSql && !mayHoldSql(file) && !SQL_ALLOWED_FOR_NOW.has(file))
    problems.push(`${file}: runs SQL (only repository.ts files and src/server/db/ may)`);
  if (!holdsSql && SQL_ALLOWED_FOR_NOW.has(file)) problems.push(`${file}: no SQL left, remove it from SQL_ALLOWED_FOR_NOW`);
  if (/\bprocess\.env\b/.test(source) && !ENV_READERS.has(file) && !file.endsWith('.test.ts'))
    problems.push(`${file}: reads process.env (only src/server/config.ts does: getConfig())`);
  const rule = RULES.find((r) => file.startsWith(r.layer));
  if (!rule) continue;
  for (const match of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s*['"]([.#][^'"]*[-/]repository\.ts)['"]/gm)) {
    const target = resolveImport(file, match[1]);
    if (path.dirname(target) === path.dirname(file)) continue;
    problems.push(`${file}: imports ${match[1]} (another domain's repository: use its services)`);
  }
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"]([.#][^'"]+)['"]/g)) {
    const target = resolveImport(file, match[1]);
    const bad = rule.forbidden.find((prefix) => target.startsWith(prefix));
    if (bad) problems.push(`${file}: imports ${match[1]} (${rule.layer} must not import ${bad})`);
  }
}
const cycles = findCycles(imports).map((group) => group.join(' '));
for (const cycle of cycles) if (!CYCLES_ALLOWED_FOR_NOW.has(cycle)) problems.push(`import cycle among: ${cycle}`);
for (const cycle of CYCLES_ALLOWED_FOR_NOW)
  if (!cycles.includes(cycle)) problems.push(`no longer a cycle, remove it from CYCLES_ALLOWED_FOR_NOW: ${cycle}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('layering ok');
