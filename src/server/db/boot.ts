import path from 'node:path';
import { closePool, getPool, warmPool } from './client.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';
import { installJobQueue } from '../jobs/worker.ts';
import { seedIfEmpty } from './seed/index.ts';
import { getConfig } from '../config.ts';

export interface BootedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * Brings the database up for the shop: the PostgreSQL at DATABASE_URL, or the embedded one
 * under DATA_DIR (default ./data); then migrations, then the demo catalogue on an empty one.
 */
export async function bootDatabase({ seed = true }: { seed?: boolean } = {}): Promise<BootedDatabase> {
  let embedded: RunningPostgres | undefined;
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres(path.resolve(getConfig().DATA_DIR));
    process.env.DATABASE_URL = embedded.url;
  }
  const pool = getPool();
  await runMigrations(pool);
  await installJobQueue(process.env.DATABASE_URL);
  if (seed) await seedIfEmpty(pool);
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
