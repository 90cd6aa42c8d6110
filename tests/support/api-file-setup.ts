import { afterAll } from 'vitest';
import { forgetConfig } from '#server/config.ts';
import { forgetFileTargets, getRunStack } from './api.ts';

/**
 * Runs before each API test file (vitest.config.ts `setupFiles`). The API project does not
 * isolate its files: a worker imports the shop's modules once and runs its files one after
 * another. So what a file changed in the worker is put back when the file ends, as a fresh
 * worker would have it: the environment (secrets and DATA_DIR some files set), the configuration
 * read from it, the stack the file talked to and its database pool. This hook was registered
 * first, so it runs after the file's own afterAll hooks (vitest runs them in reverse order).
 */
const environmentAtStart = { ...process.env };

// A stack the file starts for itself (startTestStack) gets a fresh database on the PostgreSQL of
// the file's worker slot instead of a PostgreSQL of its own to create, start and stop. Not on a
// stack given from outside (TEST_BASE_URL): its database user may not create databases.
if (!process.env.TEST_BASE_URL) process.env.TEST_DATABASE_URL ??= getRunStack().databaseUrl;

afterAll(async () => {
  await forgetFileTargets();
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
  forgetConfig();
});
