import pg from 'pg';
import { describe, expect, it } from 'vitest';
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

  it('do not run at all with PAYMENT_JOBS_INTERVAL_S=0', async () => {
    await withShop({ PAYMENT_JOBS_INTERVAL_S: '0' }, async (db) => {
      const { orderId } = await setUpExpiredOrder(db);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await getStatus(db, orderId)).toBe('PAGAMENTO');
    });
  });
});
