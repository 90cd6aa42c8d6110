import type { Queryable } from '../db/client.ts';

/**
 * Gives back the stock an order holds: every reservation line not yet released, whether still
 * held (unpaid) or consumed by a payment (a refund). Product rows are locked in id order, as
 * checkout takes them; the update below would visit them in any order.
 */
export async function returnOrderStock(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await tx.query(
    `SELECT 1 FROM products WHERE id IN (SELECT product_id FROM stock_reservations WHERE order_id = $1
        AND released_at IS NULL) ORDER BY id FOR NO KEY UPDATE`,
    [orderId],
  );
  await tx.query(
    `WITH released AS (
       UPDATE stock_reservations SET released_at = $2 WHERE order_id = $1 AND released_at IS NULL
       RETURNING product_id, quantity)
     UPDATE products p SET stock = p.stock + r.quantity FROM released r WHERE p.id = r.product_id`,
    [orderId, now],
  );
}

/**
 * Cancels an unpaid order the caller has locked: its stock comes back and its open payments are
 * cancelled (reservation expiry and the order desk both end an unpaid order this way).
 */
export async function cancelUnpaidOrder(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await returnOrderStock(tx, orderId, now);
  await tx.query(`UPDATE orders SET status = 'CANCELADO', updated_at = $2 WHERE id = $1`, [orderId, now]);
  await tx.query(`UPDATE payments SET status = 'CANCELADO', updated_at = $2 WHERE order_id = $1 AND status <> 'PAGO'`, [orderId, now]);
}
