import path from 'node:path';
import { closePool, createMaintenancePool, getPool, warmPool } from './client.ts';
import { findRunningEmbeddedPostgres, startEmbeddedPostgres, type RunningPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';
import { installJobQueue } from '../jobs/service.ts';
import { getConfig } from '../config.ts';
import { loadSharedSecrets } from '../secrets/index.ts';

export interface BootedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * Brings the database up for the shop: the PostgreSQL at DATABASE_URL, or the embedded one
 * under DATA_DIR (default ./data); then migrations, then the demo catalogue on an empty one.
 * `prepared`: another process (the cluster's primary, WEB_CONCURRENCY > 1) already did all of
 * that on this DATABASE_URL; this one only loads the shared secrets and opens its pool.
 * `besideRunningShop` (the commands): the embedded PostgreSQL a running shop keeps under DATA_DIR
 * is used as it is and left running; only without one is it started here (and stopped by stop()).
 * `signal`: aborting it (SIGTERM during boot) stops an embedded PostgreSQL still starting.
 */
export async function bootDatabase({
  seed = true,
  prepared = false,
  besideRunningShop = false,
  signal,
}: { seed?: boolean; prepared?: boolean; besideRunningShop?: boolean; signal?: AbortSignal } = {}): Promise<BootedDatabase> {
  let embedded: RunningPostgres | undefined;
  const dataDir = path.resolve(getConfig().DATA_DIR);
  const running = !process.env.DATABASE_URL && besideRunningShop ? findRunningEmbeddedPostgres(dataDir) : null;
  if (running) process.env.DATABASE_URL = running;
  if (!process.env.DATABASE_URL) {
    // Supervised: when PostgreSQL dies, it is started again (embedded.ts) and the pool reconnects.
    embedded = await startEmbeddedPostgres(dataDir, { restartOnExit: true, signal });
    process.env.DATABASE_URL = embedded.url;
  }
  // Migrations and seeding may rightly run longer than the serving pool's statement timeout.
  const maintenance = createMaintenancePool();
  try {
    if (!prepared) {
      await runMigrations(maintenance);
      await installJobQueue(process.env.DATABASE_URL);
      // Loaded only to seed: the demo catalogue pulls in the catalogue's code, which the commands
      // (npm run staff, migrate) do not need and a loaded machine takes seconds to load.
      if (seed) await (await import('./seed/index.ts')).seedIfEmpty(maintenance);
    }
    // Every process of this shop signs and encrypts with the same keys (issue 22.9).
    await loadSharedSecrets(maintenance);
  } finally {
    await maintenance.end();
  }
  const pool = getPool();
  await warmPool(pool);
  return {
    url: process.env.DATABASE_URL,
    embedded: embedded !== undefined,
    async stop() {
      await closePool();
      await embedded?.stop();
    },
  };
}
