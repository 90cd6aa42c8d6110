import pg from 'pg';
import { DB_TYPES } from '#server/db/client.ts';
import { createTestPool } from '#tests/support/test-pool.ts';

export type Host = 'br' | 'es';

/** An address on one storefront host of the shop under test (Chromium resolves *.localhost). */
export function storefrontUrl(host: Host, path = '/'): string {
  return `http://${host}.localhost:${process.env.TEST_PORT}${path}`;
}

let pool: pg.Pool | undefined;
export function getTestDb(): pg.Pool {
  // The shop's own type parsers: server services run on this pool (support/checkout.ts).
  pool ??= createTestPool({ connectionString: process.env.TEST_APP_DATABASE_URL, max: 2, types: DB_TYPES });
  return pool;
}
