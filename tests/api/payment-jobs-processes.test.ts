import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulePaymentJobs } from '#server/payments/service.ts';
import { createExpiredOrder, createRucCustomer } from '../support/expired-orders.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { createTestPool } from '../support/test-pool.ts';

/**
 * The payment jobs with two shop processes on one database (PAYMENT_JOBS_INTERVAL_S 1 s in
 * both): they are one job on the PostgreSQL queue, so a run is never doubled by the other
 * process, not even when a second run is due while the first one is still working.
 */
let stack: TestStack;
let second: ShopProcess;
let secondDataDir = '';
let db: pg.Pool;

beforeAll(async () => {
  stack = await startTestStack({ PAYMENT_JOBS_INTERVAL_S: '1' });
  secondDataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-jobs-second-'));
  second = await startShopProcess(stack.databaseUrl, { DATA_DIR: secondDataDir, PAYMENT_JOBS_INTERVAL_S: '1' });
  db = createTestPool({ connectionString: stack.databaseUrl, max: 4 });
}, 120_000);

afterAll(async () => {
  await db?.end();
  await second?.stop();
  await stack?.stop();
  if (secondDataDir) await rm(secondDataDir, { recursive: true, force: true });
});

const getStatus = async (orderId: number) =>
  (await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]!.status;
const getStock = async (productId: number) =>
  (await db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock;

describe('payment jobs with two shop processes', { timeout: 60_000 }, () => {
  it('never run twice at once: a run due while another is blocked waits for it, and each order is released once', async () => {
    const products = (
      await db.query<{ id: number; stock: number }>(
        'SELECT id, stock FROM products WHERE physical_stock AND stock >= 2 ORDER BY id LIMIT 2',
      )
    ).rows;
    const customer = await createRucCustomer(db, 'jobs-two@example.test');
    const holder = await db.connect();
    try {
      // The first product's row stays locked: the run that picks the first order waits on it.
      await holder.query('BEGIN');
      await holder.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [products[0]!.id]);
      const first = await createExpiredOrder(db, customer, products[0]!.id);
      const lockWaits = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          )
        ).rows[0]!.n;
      await expect.poll(lockWaits, { timeout: 15_000 }).toBe(1);

      // A second run due now (as a process starting would schedule it), and an order only it could release.
      await db.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [products[1]!.id]);
      const secondOrder = await createExpiredOrder(db, customer, products[1]!.id);
      await schedulePaymentJobs(db, 0);
      const jobs = async () =>
        (
          await db.query<{ running: number; waiting: number }>(
            `SELECT count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running, count(*) FILTER (WHERE locked_at IS NULL)::int AS waiting
           FROM graphile_worker.jobs WHERE task_identifier = 'payment_jobs'`,
          )
        ).rows[0]!;
      expect(await jobs()).toEqual({ running: 1, waiting: 1 });
      // Both processes look for due jobs at once on add_job's notification, then every second: wait
      // until the due run is two of those polls overdue (or taken, the failure); it is still waiting.
      const dueRunSettled = async () =>
        (
          await db.query<{ settled: boolean }>(
            `SELECT coalesce(bool_or(run_at < now() - interval '2 seconds'), true) AS settled
               FROM graphile_worker.jobs WHERE task_identifier = 'payment_jobs' AND locked_at IS NULL`,
          )
        ).rows[0]!.settled;
      await expect.poll(dueRunSettled, { timeout: 15_000 }).toBe(true);
      expect(await jobs()).toEqual({ running: 1, waiting: 1 });
      expect(await getStatus(secondOrder)).toBe('PAGAMENTO');
      expect(await lockWaits()).toBe(1);

      await holder.query('COMMIT');
      await expect.poll(() => getStatus(first), { timeout: 10_000 }).toBe('CANCELADO');
      await expect.poll(() => getStatus(secondOrder), { timeout: 10_000 }).toBe('CANCELADO');
      expect(await getStock(products[0]!.id)).toBe(products[0]!.stock);
      expect(await getStock(products[1]!.id)).toBe(products[1]!.stock);
      // The chain goes on with one waiting run, whichever process ran the last one.
      await expect.poll(async () => (await jobs()).waiting, { timeout: 10_000 }).toBe(1);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
    }
  });
});
