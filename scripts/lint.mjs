// Two rules of decision 0720 that no import graph shows: SQL (a `.query(` call or SQL text) lives
// only in a domain's `repository.ts` and in src/server/db/ (and SQL on stock only in the
// inventory's, decision 1310); the files not yet reshaped are named
// below, and the list only shrinks. process.env is read only by the configuration module (and the
// database boot). What may import what (layers, repositories, the entry, no import circles) is
// dependency-cruiser's job (.dependency-cruiser.cjs, `npm run lint:boundaries`); type errors are
// tsc's (npm run check).
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Files that still run SQL outside a repository.ts, by name: remove each as its domain is reshaped.
const SQL_ALLOWED_FOR_NOW = new Set([]);
const SQL_TEXT = /\.query\(|\b(?:SELECT\s[\s\S]{0,400}?\sFROM\s|INSERT\s+INTO\s|DELETE\s+FROM\s|UPDATE\s+[a-z_]+\s+SET\s)/;

// The environment is read in one place, src/server/config.ts (validated at start, README table,
// .env.example). The database boot writes DATABASE_URL once the embedded PostgreSQL is up, so
// its pool (and every cluster worker, which inherits the environment) reads it back there.
// Unit tests may set variables for reloadConfig().
const ENV_READERS = new Set(['src/server/config.ts', 'src/server/db/boot.ts', 'src/server/db/client.ts']);

// Stock is the inventory's (decision 1310): no SQL outside src/server/inventory/ names the stock
// column or the reservations table. Migrations define them and the seed stocks the demo store.
const STOCK_SQL_HOMES = ['src/server/inventory/', 'src/server/db/migrations/', 'src/server/db/seed/'];
const SQL_WORD = /\b(?:SELECT|UPDATE|INSERT|DELETE|FROM|WHERE|SET|JOIN|RETURNING)\b/;
// The database functions that write a cart only while its products' stock is as the cart read it
// (migrations 0207, 0208, 1180): the stock half of that decision is the inventory's, so only the
// inventory calls them (inventory/repository.ts writeCartLinesIfCurrent).
const STOCK_CHECKED_WRITES = /\bcart_(?:write|replace)_lines_(?:if_current|batch)\b/;
/**
 * SQL text naming stock: the reservations table, the column (`x.stock`, `stock` in a list of
 * columns or in a statement; `AS stock`, the name of a value the inventory's fragments give, is
 * not), or a cart write checked against stock.
 */
function namesStock(literal) {
  const text = literal.replace(/\bAS\s+stock\b/gi, '');
  if (/\bstock_reservations\b/.test(text) || STOCK_CHECKED_WRITES.test(text)) return true;
  if (SQL_WORD.test(text) && /(?:^|[^\w.])(?:[a-z_]\w*\.)?stock\b/.test(text)) return true;
  return /(?:^|,)\s*(?:[a-z_]\w*\.)?stock\s*(?:,|$)/.test(text) && text.includes(',');
}

/** The string and template literals of a source file (comments skipped), for the stock rule. */
function toLiterals(source) {
  const literals = [];
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    else if (c === '/' && source[i + 1] === '*') i = source.indexOf('*/', i + 2) === -1 ? source.length : source.indexOf('*/', i + 2) + 1;
    else if (c === "'" || c === '"' || c === '`') {
      let end = i + 1;
      while (end < source.length && source[end] !== c) end += source[end] === '\\' ? 2 : 1;
      literals.push(source.slice(i + 1, end));
      i = end;
    }
  }
  return literals;
}

function mayHoldSql(file) {
  return path.basename(file) === 'repository.ts' || file.startsWith('src/server/db/');
}

async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return files.flat();
}

const problems = [];
for (const file of await walk('src')) {
  if (!/\.(ts|tsx|astro)$/.test(file)) continue;
  const source = await readFile(file, 'utf8');
  const holdsSql = SQL_TEXT.test(source);
  if (holdsSql && !mayHoldSql(file) && !SQL_ALLOWED_FOR_NOW.has(file))
    problems.push(`${file}: runs SQL (only repository.ts files and src/server/db/ may)`);
  if (!holdsSql && SQL_ALLOWED_FOR_NOW.has(file)) problems.push(`${file}: no SQL left, remove it from SQL_ALLOWED_FOR_NOW`);
  if (file.startsWith('src/server/') && !file.endsWith('.test.ts') && !STOCK_SQL_HOMES.some((home) => file.startsWith(home))) {
    const stockSql = toLiterals(source).find(namesStock);
    if (stockSql !== undefined)
      problems.push(
        `${file}: SQL on stock (${stockSql.trim().slice(0, 60)}...): stock is read and written through src/server/inventory/ (decision 1310)`,
      );
  }
  if (/\bprocess\.env\b/.test(source) && !ENV_READERS.has(file) && !file.endsWith('.test.ts'))
    problems.push(`${file}: reads process.env (only src/server/config.ts does: getConfig())`);
}
// Commit subjects read in a log (issue 30 point 7): at most 72 characters, the detail in the
// body. Checked from the first commit that kept the rule; the history before it stays as it is.
const SUBJECT_RULE_SINCE = '6ae462b';
const SUBJECT_MAX = 72;
try {
  const subjects = execFileSync('git', ['log', '--format=%h %s', `${SUBJECT_RULE_SINCE}..HEAD`], { encoding: 'utf8', stdio: 'pipe' });
  for (const line of subjects.split('\n').filter(Boolean)) {
    const [hash, ...words] = line.split(' ');
    const subject = words.join(' ');
    if (subject.length > SUBJECT_MAX)
      problems.push(`commit ${hash}: subject of ${subject.length} characters (at most ${SUBJECT_MAX}): ${subject}`);
  }
} catch {
  console.log('commit subjects not checked: no git history here');
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('SQL, environment and commit-subject rules ok');
