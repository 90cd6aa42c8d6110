import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { schedulePaymentJobs } from '#server/payments/service.ts';
import { createExpiredOrder, createRucCustomer } from '../support/expired-orders.ts';
import { startTestStack } from '../support/test-stack.ts';
import { createTestPool } from '../support/test-pool.ts';

/**
 * The payment jobs on shops of their own (PAYMENT_JOBS_INTERVAL_S 1 s, then 0 = off): they run
 * from boot, so an expired reservation is given back although nobody calls checkout or orders.
 */
async function withShop(env: Record<string, string>, work: (db: pg.Pool) => Promise<void>) {
  const stack = await startTestStack(env);
  const db = createTestPool({ connectionString: stack.databaseUrl, max: 2 });
  try {
    await work(db);
  } finally {
    await db.end();
    await stack.stop();
  }
}

/** An unpaid order as checkout leaves it (2 units taken off the shelf), already expired. */
async function setUpExpiredOrder(db: pg.Pool) {
  const product = (
    await db.query<{ id: number; stock: number }>('SELECT id, stock FROM products WHERE physical_stock AND stock >= 2 ORDER BY id LIMIT 1')
  ).rows[0]!;
  const customerId = await createRucCustomer(db, 'jobs@example.test');
  const orderId = await createExpiredOrder(db, customerId, product.id, 'pay_jobs_test');
  await db.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [product.id]);
  return { orderId, productId: product.id, stockBefore: product.stock };
}

async function getStatus(db: pg.Pool, orderId: number): Promise<string> {
  return (await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]!.status;
}

describe('payment jobs started at boot', { timeout: 90_000 }, () => {
  it('release an expired reservation without any checkout or order request', async () => {
    await withShop({ PAYMENT_JOBS_INTERVAL_S: '1' }, async (db) => {
      const { orderId, productId, stockBefore } = await setUpExpiredOrder(db);
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (await getStatus(db, orderId)) !== 'CANCELADO')
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await getStatus(db, orderId)).toBe('CANCELADO');
      expect((await db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock).toBe(stockBefore);
    });
  });

  it('do not run at all with PAYMENT_JOBS_INTERVAL_S=0, and leave a run another process queued to the processes that run them', async () => {
    await withShop({ PAYMENT_JOBS_INTERVAL_S: '0' }, async (db) => {
      const { orderId } = await setUpExpiredOrder(db);
      // A process of the same fleet with its jobs on queues the next run, due now.
      await schedulePaymentJobs(db, 0);
      // This process looks for due jobs every second: wait until the run is two polls overdue.
      const overdue = async () =>
        (
          await db.query<{ overdue: boolean }>(
            `SELECT coalesce(bool_and(run_at < now() - interval '2 seconds'), true) AS overdue
             FROM graphile_worker.jobs WHERE task_identifier = 'payment_jobs'`,
          )
        ).rows[0]!.overdue;
      await expect.poll(overdue, { timeout: 15_000 }).toBe(true);
      // Not taken (and so not dropped): the run is still there for a process that does the work.
      const { rows } = await db.query<{ locked: boolean }>(
        `SELECT locked_at IS NOT NULL AS locked FROM graphile_worker.jobs WHERE task_identifier = 'payment_jobs'`,
      );
      expect(rows).toEqual([{ locked: false }]);
      expect(await getStatus(db, orderId)).toBe('PAGAMENTO');
    });
  });
});
