// `npm run seed -- --products 100000`: fills the database (DATABASE_URL, else the embedded one
// under DATA_DIR) with generated products. On an empty catalogue it seeds the whole demo
// catalogue with that many products; otherwise it appends that many more. Stop the shop first
// when it uses the same embedded data folder.
import { parseArgs } from 'node:util';
import { bootDatabase } from '../src/server/db/boot.ts';
import { createMaintenancePool } from '../src/server/db/client.ts';
import { insertGeneratedProducts, seedDemoCatalogue } from '../src/server/db/seed/demo-catalogue.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '600' } } });
const count = Number(values.products);
if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
  console.error('--products must be a whole number between 0 and 5000000');
  process.exit(2);
}

const database = await bootDatabase({ seed: false });
// No statement timeout: inserting millions of products rightly takes long.
const pool = createMaintenancePool();
const started = performance.now();
try {
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
} finally {
  await pool.end();
  await database.stop();
}
