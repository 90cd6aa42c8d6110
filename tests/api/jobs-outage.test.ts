import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttableProxy, type CuttableProxy } from '../support/db-proxy.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { createTestPool } from '../support/test-pool.ts';

/**
 * A second shop process whose database link the test cuts: its job worker must outlive the
 * outage (no crash) and listen for new jobs again once the database is back.
 */
let stack: TestStack;
let proxy: CuttableProxy;
let shop: ShopProcess;
let dataDir = '';
let db: pg.Pool;

beforeAll(async () => {
  stack = await startTestStack({ PAYMENT_JOBS_INTERVAL_S: '0' });
  proxy = await startCuttableProxy(stack.databaseUrl);
  dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-jobs-outage-'));
  shop = await startShopProcess(proxy.databaseUrl, { DATA_DIR: dataDir, PAYMENT_JOBS_INTERVAL_S: '0' });
  db = createTestPool({ connectionString: stack.databaseUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  await db?.end();
  proxy?.restore();
  await shop?.stop();
  await proxy?.close();
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Connections listening for new jobs (graphile-worker's LISTEN "jobs:insert"), one per worker. */
async function countListeners(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN "jobs:insert"%'`,
  );
  return rows[0]!.n;
}

describe('the job worker and a database outage', { timeout: 90_000 }, () => {
  it('survives the outage and listens for jobs again once the database is back', async () => {
    await expect.poll(countListeners, { timeout: 15_000 }).toBe(2);
    proxy.cut();
    await expect.poll(countListeners, { timeout: 15_000 }).toBe(1);
    proxy.restore();
    await expect.poll(countListeners, { timeout: 30_000 }).toBe(2);
    expect((await fetch(`http://127.0.0.1:${shop.port}/readyz`)).status).toBe(200);
  });
});
