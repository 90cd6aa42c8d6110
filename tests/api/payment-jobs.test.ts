import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestStack } from '../support/test-stack.ts';

/**
 * The payment jobs on shops of their own (PAYMENT_JOBS_INTERVAL_S 1 s, then 0 = off): they run
 * from boot, so an expired reservation is given back although nobody calls checkout or orders.
 */
async function withShop(env: Record<string, string>, work: (db: pg.Pool) => Promise<void>) {
  const stack = await startTestStack(env);
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  try {
    await work(db);
  } finally {
    await db.end();
    await stack.stop();
  }
}

/** An unpaid order as checkout leaves it (2 units taken off the shelf), already expired. */
async function createExpiredOrder(db: pg.Pool) {
  const product = (
    await db.query<{ id: number; stock: number }>('SELECT id, stock FROM products WHERE physical_stock AND stock >= 2 ORDER BY id LIMIT 1')
  ).rows[0]!;
  const customer = (
    await db.query<{ id: number }>(
      `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, document_type, document)
     VALUES ('jobs@example.test', 'x', 'Job', 'Test', 0, 'RUC', '80012345-6') RETURNING id`,
    )
  ).rows[0]!;
  const order = (
    await db.query<{ id: number; external_id: string }>(
      `INSERT INTO orders (customer_id, currency_id, items_total_minor, shipping_minor, total_minor, delivery_type, payment_method, locale)
     VALUES ($1, 3, 100000, 0, 100000, 'pickup', 'card', 'es-PY') RETURNING id, external_id`,
      [customer.id],
    )
  ).rows[0]!;
  await db.query(
    `INSERT INTO stock_reservations (order_id, product_id, quantity, expires_at) VALUES ($1, $2, 2, now() - interval '1 minute')`,
    [order.id, product.id],
  );
  await db.query(
    `INSERT INTO payments (order_id, provider, reference, amount_minor, currency_id, method, link)
                  VALUES ($1, 'sandbox', 'pay_jobs_test', 100000, 3, 'card', 'http://example.test/pay')`,
    [order.id],
  );
  await db.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [product.id]);
  return { orderId: order.id, productId: product.id, stockBefore: product.stock };
}

async function getStatus(db: pg.Pool, orderId: number): Promise<string> {
  return (await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]!.status;
}

describe('payment jobs started at boot', { timeout: 90_000 }, () => {
  it('release an expired reservation without any checkout or order request', async () => {
    await withShop({ PAYMENT_JOBS_INTERVAL_S: '1' }, async (db) => {
      const { orderId, productId, stockBefore } = await createExpiredOrder(db);
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (await getStatus(db, orderId)) !== 'CANCELADO')
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await getStatus(db, orderId)).toBe('CANCELADO');
      expect((await db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock).toBe(stockBefore);
    });
  });

  it('do not run at all with PAYMENT_JOBS_INTERVAL_S=0', async () => {
    await withShop({ PAYMENT_JOBS_INTERVAL_S: '0' }, async (db) => {
      const { orderId } = await createExpiredOrder(db);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await getStatus(db, orderId)).toBe('PAGAMENTO');
    });
  });
});
