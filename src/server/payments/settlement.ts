import type { Queryable } from '../db/client.ts';
import { enqueueOrderPaidMails } from '../mail/order-mail.ts';
import { createPickupCode } from '../orders/pickup-code.ts';
import type { ProviderPaymentStatus } from './provider.ts';

export class AmountMismatchError extends Error {}

export interface ProviderReport {
  reference: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currencyId: number;
}

/** What a report did: `refundDue` when money arrived for an order that cannot be served. */
export interface Settlement {
  changed: boolean;
  refundDue: boolean;
}

interface LockedPayment {
  id: number;
  order_id: number;
  status: string;
  amount_minor: number;
  currency_id: number;
  order_status: string;
}

const UNCHANGED: Settlement = { changed: false, refundDue: false };

/**
 * Takes the stock of an order whose reservation expired again, all lines or none. The product
 * rows are locked in id order (as checkout locks them: no deadlock) and checked before any
 * update, so a shortage on one line leaves every other line's stock untouched.
 */
async function reReserve(tx: Queryable, orderId: number): Promise<boolean> {
  const { rows } = await tx.query<{ stock: number; quantity: number }>(
    `SELECT p.stock, r.quantity FROM stock_reservations r JOIN products p ON p.id = r.product_id
      WHERE r.order_id = $1 AND r.released_at IS NOT NULL ORDER BY p.id FOR NO KEY UPDATE OF p`,
    [orderId],
  );
  if (rows.some((row) => row.stock < row.quantity)) return false;
  await tx.query(
    `UPDATE products p SET stock = p.stock - r.quantity FROM stock_reservations r
      WHERE r.order_id = $1 AND r.released_at IS NOT NULL AND p.id = r.product_id`,
    [orderId],
  );
  await tx.query('UPDATE stock_reservations SET released_at = NULL WHERE order_id = $1', [orderId]);
  return true;
}

async function setPickupCode(tx: Queryable, orderId: number, now: Date): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const result = await tx.query(
      `UPDATE orders SET status = 'PAGO', pickup_code = $2, paid_at = $3, updated_at = $3
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM orders WHERE pickup_code = $2)`,
      [orderId, createPickupCode(), now],
    );
    if (result.rowCount === 1) return;
  }
  throw new Error('could not allocate a unique pickup code');
}

/**
 * The payment state machine (DECISIONS.md, decision 0040), inside the caller's transaction:
 * - approved, order PAGAMENTO: payment PAGO, order PAGO with a pickup code, reservation consumed;
 * - approved, order CANCELADO (reservation expired): the stock is taken again when every line
 *   still fits, and the order is paid as above; otherwise the order stays cancelled and the
 *   payment is PAGO with `refundDue` (the caller refunds it through the provider after COMMIT);
 * - declined: payment RECUSADO, order stays PAGAMENTO (the shopper may pay again).
 */
export async function applyProviderStatus(tx: Queryable, now: Date, report: ProviderReport): Promise<Settlement> {
  const { rows } = await tx.query<LockedPayment>(
    // The amount the gateway was asked to charge (decision 0410), which is what it reports.
    `SELECT p.id, p.order_id, p.status, COALESCE(p.charge_amount_minor, p.amount_minor) AS amount_minor,
            COALESCE(p.charge_currency_id, p.currency_id) AS currency_id, o.status AS order_status
       FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE p.reference = $1 FOR UPDATE OF p, o`,
    [report.reference],
  );
  const payment = rows[0];
  if (!payment) return UNCHANGED;
  if (report.amountMinor !== payment.amount_minor || report.currencyId !== payment.currency_id) {
    throw new AmountMismatchError(`amount ${report.amountMinor}/${report.currencyId} does not match payment ${payment.id}`);
  }
  if (report.status === 'pending' || payment.status === 'PAGO' || payment.status === 'ESTORNADO') return UNCHANGED;
  if (report.status === 'declined') {
    if (payment.status !== 'AGUARDANDO') return UNCHANGED;
    await tx.query(`UPDATE payments SET status = 'RECUSADO', updated_at = $2 WHERE id = $1`, [payment.id, now]);
    return { changed: true, refundDue: false };
  }
  await tx.query(`UPDATE payments SET status = 'PAGO', paid_at = $2, updated_at = $2 WHERE id = $1`, [payment.id, now]);
  const servable = payment.order_status === 'PAGAMENTO' || (payment.order_status === 'CANCELADO' && (await reReserve(tx, payment.order_id)));
  if (!servable) return { changed: true, refundDue: true };
  await tx.query('UPDATE stock_reservations SET consumed_at = $2 WHERE order_id = $1', [payment.order_id, now]);
  await setPickupCode(tx, payment.order_id, now);
  // In this transaction: the shopper and the store hear of the payment exactly when it commits.
  await enqueueOrderPaidMails(tx, payment.order_id);
  return { changed: true, refundDue: false };
}
