import type { Queryable } from '../db/client.ts';

/** Lookups the gateway adapters need between our reference and the gateway's own id. */
export interface PaymentLookup {
  getReferenceByProviderId(provider: string, providerPaymentId: string): Promise<string | null>;
  getProviderPaymentId(provider: string, reference: string): Promise<string | null>;
}

export function createPaymentLookup(db: Queryable): PaymentLookup {
  return {
    async getReferenceByProviderId(provider, providerPaymentId) {
      const { rows } = await db.query<{ reference: string }>(
        'SELECT reference FROM payments WHERE provider = $1 AND provider_payment_id = $2', [provider, providerPaymentId]);
      return rows[0]?.reference ?? null;
    },
    async getProviderPaymentId(provider, reference) {
      const { rows } = await db.query<{ provider_payment_id: string | null }>(
        'SELECT provider_payment_id FROM payments WHERE provider = $1 AND reference = $2', [provider, reference]);
      return rows[0]?.provider_payment_id ?? null;
    },
  };
}

/** The payment a notification names, when it belongs to that gateway (a sandbox event never settles a real payment). */
export async function isKnownPayment(db: Queryable, provider: string, reference: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM payments WHERE provider = $1 AND reference = $2', [provider, reference]);
  return rowCount === 1;
}

/**
 * The order a shopper comes back to from a gateway that returns by its own id (Pagopar's
 * result page gets `?hash=`): only the buyer's own order, nobody else's.
 */
export async function getOrderIdByGatewayId(db: Queryable, customerId: number, providerPaymentId: string): Promise<string | null> {
  const { rows } = await db.query<{ external_id: string }>(
    `SELECT o.external_id FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE p.provider_payment_id = $1 AND o.customer_id = $2 LIMIT 1`,
    [providerPaymentId, customerId],
  );
  return rows[0]?.external_id ?? null;
}

/** What the gateway charges (frozen at checkout), for amount checks and refunds. */
export const CHARGE_AMOUNT_SQL = 'COALESCE(p.charge_amount_minor, p.amount_minor)';
export const CHARGE_CURRENCY_SQL = 'COALESCE(p.charge_currency_id, p.currency_id)';

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
