// `npm run bench`: starts its own shop on a fresh database (the test-stack way), fills it with
// 100,000 generated products, then runs every scripts/bench/*.mjs module and prints and saves
// their figures (bench-results/, gitignored). A module exports
//   default async function run({ baseUrl, port, databaseUrl, hostHeader, serverPid }) -> { figures }
// Options: --products N (default 100000), --only name[,name].
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { insertGeneratedProducts } from '../src/server/db/seed/demo-catalogue.ts';
import { startTestStack } from '../tests/support/test-stack.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' }, only: { type: 'string' } } });
const productCount = Number(values.products);

if (!existsSync(path.join(root, 'dist/server/entry.mjs'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });

/** The shop process the stack spawned: our child running server.mjs (Linux /proc). */
async function findServerPid() {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if ((await readFile(`/proc/${entry}/cmdline`, 'utf8')).includes('server.mjs')) return Number(entry);
    } catch {
      // the process went away
    }
  }
  return null;
}

const stack = await startTestStack();
const results = { startedAt: new Date().toISOString(), products: productCount, modules: {} };
try {
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 });
  const { rows } = await pool.query('SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS max FROM products');
  const toAdd = Math.max(0, productCount - rows[0].n);
  const seedStart = performance.now();
  console.log(`Seeding ${toAdd} products...`);
  await insertGeneratedProducts(pool, Math.max(rows[0].n, rows[0].max), toAdd, (done) => {
    if (done % 20_000 === 0) console.log(`  ${done}`);
  });
  await pool.query('VACUUM (ANALYZE) products');
  await pool.query('ANALYZE');
  // Flush the seed's writes now, not during a measurement (a checkpoint due to the seed's WAL
  // otherwise lands in whichever bench runs next).
  await pool.query('CHECKPOINT');
  results.seedSeconds = Number(((performance.now() - seedStart) / 1000).toFixed(1));
  console.log(`Seeded in ${results.seedSeconds} s`);
  await pool.end();

  const context = {
    baseUrl: stack.baseUrl,
    port: stack.port,
    databaseUrl: stack.databaseUrl,
    hostHeader: (host) => (host === 'local' ? `localhost:${stack.port}` : `${host}.localhost:${stack.port}`),
    serverPid: await findServerPid(),
  };
  const only = values.only?.split(',');
  const modules = (await readdir(path.join(root, 'scripts/bench')))
    .filter((f) => f.endsWith('.mjs'))
    .sort()
    .filter((f) => !only || only.includes(f.replace(/\.mjs$/, '')));
  for (const file of modules) {
    const name = file.replace(/\.mjs$/, '');
    console.log(`\n== ${name}`);
    try {
      const { default: run } = await import(path.join(root, 'scripts/bench', file));
      results.modules[name] = await run(context);
      console.log(JSON.stringify(results.modules[name], null, 2));
    } catch (error) {
      results.modules[name] = { error: String(error?.stack ?? error) };
      console.error(`${name} failed:`, error);
    }
  }
} finally {
  await stack.stop();
}
await mkdir(path.join(root, 'bench-results'), { recursive: true });
const file = path.join(root, 'bench-results', `bench-${results.startedAt.replace(/[:.]/g, '-')}.json`);
await writeFile(file, JSON.stringify(results, null, 2));
console.log(`\nResults written to ${path.relative(root, file)}`);
