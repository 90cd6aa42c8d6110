import type { Queryable } from '../db/client.ts';

/**
 * The statements behind the hoarding rules of checkout (issue 22 point 2): one customer holds
 * at most one unpaid order, so a new checkout cancels the previous ones (clearCart, in
 * checkout-repository.ts) and gives their stock back here.
 */

/** The products whose stock those orders still hold (to lock with the new order's, in id order). */
export async function getHeldProducts(tx: Queryable, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await tx.query<{ product_id: number }>(
    `SELECT DISTINCT product_id FROM stock_reservations
      WHERE order_id = ANY($1::bigint[]) AND released_at IS NULL AND consumed_at IS NULL`,
    [orderIds],
  );
  return rows.map((row) => Number(row.product_id));
}

/** Product rows in id order, as every stock writer here takes them (no deadlocks). */
export async function lockProducts(tx: Queryable, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.query('SELECT 1 FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE', [productIds]);
}

/** Gives the reserved stock of orders just cancelled back (their products already locked). */
export async function releaseCancelledOrders(tx: Queryable, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.query(
    `WITH released AS (
       UPDATE stock_reservations SET released_at = $2
        WHERE order_id = ANY($1::bigint[]) AND released_at IS NULL AND consumed_at IS NULL
       RETURNING product_id, quantity),
     totals AS (SELECT product_id, SUM(quantity)::int AS quantity FROM released GROUP BY product_id)
     UPDATE products p SET stock = p.stock + t.quantity FROM totals t WHERE p.id = t.product_id`,
    [orderIds, now],
  );
  await tx.query(`UPDATE payments SET status = 'CANCELADO', updated_at = $2 WHERE order_id = ANY($1::bigint[]) AND status <> 'PAGO'`, [orderIds, now]);
}
