// `npm run seed -- --products 100000`: fills the database (DATABASE_URL, else the embedded one
// under DATA_DIR) with generated products. On an empty catalogue it seeds the whole demo
// catalogue with that many products; otherwise it appends that many more. Beside a running shop
// it writes into that shop's embedded database.
import { exitWithUsage, parseCommandLine, runCommand } from './command-line.ts';

const USAGE = 'usage: npm run seed -- [--products N]   (N from 0 to 5000000, default 600)';
const { values } = parseCommandLine(USAGE, { products: { type: 'string', default: '600' } }, { positionals: false });
const count = Number(values.products);
if (!Number.isInteger(count) || count < 0 || count > 5_000_000)
  exitWithUsage('--products must be a whole number between 0 and 5000000', USAGE);
// The shop's modules load once the arguments are known good: --help and usage answer at once.
const { requireValidConfig } = await import('../src/server/config.ts');
const { bootDatabase } = await import('../src/server/db/boot.ts');
const { createMaintenancePool } = await import('../src/server/db/client.ts');
const { insertGeneratedProducts, seedDemoCatalogue } = await import('../src/server/db/seed/demo-catalogue.ts');
requireValidConfig();

let database;
let pool;
await runCommand(
  'seed',
  async () => {
    database = await bootDatabase({ seed: false, besideRunningShop: true });
    // No statement timeout: inserting millions of products rightly takes long.
    pool = createMaintenancePool();
    await seed(pool);
  },
  async () => {
    await pool?.end();
    await database?.stop();
  },
);

async function seed(pool) {
  const started = performance.now();
  const { rows } = await pool.query('SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS max FROM products');
  const existing = rows[0].n;
  let last = 0;
  const progress = (done) => {
    if (done - last >= 20_000 || done === count) {
      last = done;
      console.log(`  ${done} / ${count} products`);
    }
  };
  if (existing === 0) {
    console.log(`Seeding the demo catalogue with ${count} products...`);
    await seedDemoCatalogue(pool, { products: 0 });
    await insertGeneratedProducts(pool, 0, count, progress);
  } else {
    // Ordinals past every id so far keep generated codes and slugs unique.
    const from = Math.max(existing, rows[0].max);
    console.log(`Appending ${count} products to ${existing}...`);
    await insertGeneratedProducts(pool, from, count, progress);
  }
  await pool.query('ANALYZE products');
  await pool.query('VACUUM (ANALYZE) products').catch(() => {});
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
