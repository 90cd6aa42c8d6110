// `npm run migrate`: applies the pending migrations to the database (DATABASE_URL, else the
// embedded one under DATA_DIR) without seeding or serving. `npm start` does the same at boot;
// this is for deployments that migrate before starting new processes. Stop the shop first when
// it uses the same embedded data folder.
import { requireValidConfig } from '../src/server/config.ts';
import { bootDatabase } from '../src/server/db/boot.ts';
import { getPool } from '../src/server/db/client.ts';

requireValidConfig();
const database = await bootDatabase({ seed: false });
try {
  const { rows } = await getPool().query('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
  console.log(`The database is up to date (last migration: ${rows[0]?.name ?? 'none'}).`);
} finally {
  await database.stop();
}
