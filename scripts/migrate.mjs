// `npm run migrate`: applies the pending migrations to the database (DATABASE_URL, else the
// embedded one of the shop running under DATA_DIR, else that one started for the command)
// without seeding or serving. `npm start` does the same at boot; this is for deployments that
// migrate before starting new processes.
import { parseCommandLine, runCommand } from './command-line.ts';

parseCommandLine('usage: npm run migrate (applies the pending migrations; no options)', {}, { positionals: false });
// The shop's modules load once the arguments are known good: --help and usage answer at once.
const { requireValidConfig } = await import('../src/server/config.ts');
const { bootDatabase } = await import('../src/server/db/boot.ts');
const { getPool } = await import('../src/server/db/client.ts');
requireValidConfig();
let database;
await runCommand(
  'migrate',
  async () => {
    database = await bootDatabase({ seed: false, besideRunningShop: true });
    const { rows } = await getPool().query('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    console.log(`The database is up to date (last migration: ${rows[0]?.name ?? 'none'}).`);
  },
  () => database?.stop(),
);
