import type pg from 'pg';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { createPickupCode } from '../orders/pickup-code.ts';
import type { PaymentProvider, ProviderPaymentStatus } from './provider.ts';

type Connect = () => Promise<pg.PoolClient>;

export interface PaymentServiceDeps {
  db: Queryable;
  connect: Connect;
  clock: Clock;
  providers: Record<string, PaymentProvider>;
}

export type WebhookOutcome =
  | { status: 200; body: { ok: true; duplicate: boolean; changed: boolean } }
  | { status: 400 | 401 | 404 | 422; body: { message: string } };

export class AmountMismatchError extends Error {}

interface LockedPayment {
  id: number;
  order_id: number;
  status: string;
  amount_minor: number;
  currency_id: number;
  order_status: string;
}

/** Takes stock again for an order whose reservation had expired; all or nothing. */
async function reReserve(tx: Queryable, orderId: number): Promise<boolean> {
  const { rows } = await tx.query<{ product_id: number; quantity: number }>(
    'SELECT product_id, quantity FROM stock_reservations WHERE order_id = $1 ORDER BY product_id',
    [orderId],
  );
  for (const row of rows) {
    const taken = await tx.query('UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2', [row.product_id, row.quantity]);
    if (taken.rowCount !== 1) return false;
  }
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
 * The payment state machine (DECISIONS.md): PAGAMENTO/AGUARDANDO -> paid: payment PAGO, order
 * PAGO with a pickup code, reservation consumed; declined: payment RECUSADO, order stays
 * PAGAMENTO (the shopper may pay again with the same link). Returns whether anything changed.
 */
export async function applyProviderStatus(
  tx: Queryable,
  now: Date,
  report: { reference: string; status: ProviderPaymentStatus; amountMinor: number; currencyId: number },
): Promise<boolean> {
  const { rows } = await tx.query<LockedPayment>(
    `SELECT p.id, p.order_id, p.status, p.amount_minor, p.currency_id, o.status AS order_status
       FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE p.reference = $1 FOR UPDATE OF p, o`,
    [report.reference],
  );
  const payment = rows[0];
  if (!payment) return false;
  if (report.amountMinor !== payment.amount_minor || report.currencyId !== payment.currency_id) {
    throw new AmountMismatchError(`amount ${report.amountMinor}/${report.currencyId} does not match payment ${payment.id}`);
  }
  if (report.status === 'pending' || payment.status === 'PAGO') return false;
  if (report.status === 'declined') {
    if (payment.status !== 'AGUARDANDO') return false;
    await tx.query(`UPDATE payments SET status = 'RECUSADO', updated_at = $2 WHERE id = $1`, [payment.id, now]);
    return true;
  }
  await tx.query(`UPDATE payments SET status = 'PAGO', paid_at = $2, updated_at = $2 WHERE id = $1`, [payment.id, now]);
  const reserved = payment.order_status === 'PAGAMENTO' || (payment.order_status === 'CANCELADO' && (await reReserve(tx, payment.order_id)));
  if (reserved) {
    await tx.query('UPDATE stock_reservations SET consumed_at = $2, released_at = NULL WHERE order_id = $1', [payment.order_id, now]);
    await setPickupCode(tx, payment.order_id, now);
  } else {
    // Paid after its stock went back to the shelf and sold: kept visible for a refund.
    console.warn(`payment ${payment.id} paid for cancelled order ${payment.order_id} without stock: refund needed`);
  }
  return true;
}

export function createPaymentService({ db, connect, clock, providers }: PaymentServiceDeps) {
  return {
    /** A gateway notification: authenticated, deduplicated by event id, amount checked. */
    async handleWebhook(providerId: string, rawBody: string, headers: Headers): Promise<WebhookOutcome> {
      const provider = providers[providerId];
      if (!provider) return { status: 404, body: { message: 'unknown payment provider' } };
      const verified = provider.verifyWebhook(rawBody, headers, clock.now());
      if (!verified.ok) {
        return verified.reason === 'malformed'
          ? { status: 400, body: { message: 'malformed notification' } }
          : { status: 401, body: { message: `notification refused: ${verified.reason}` } };
      }
      const { event } = verified;
      try {
        return await runInTransaction({ connect }, async (tx) => {
          const inserted = await tx.query(
            `INSERT INTO webhook_events (provider, event_id, payment_reference, received_at, payload)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [providerId, event.eventId, event.reference, clock.now(), rawBody],
          );
          if (inserted.rowCount !== 1) return { status: 200 as const, body: { ok: true as const, duplicate: true, changed: false } };
          const changed = await applyProviderStatus(tx, clock.now(), event);
          return { status: 200 as const, body: { ok: true as const, duplicate: false, changed } };
        });
      } catch (error) {
        if (error instanceof AmountMismatchError) return { status: 422, body: { message: 'amount does not match the payment' } };
        throw error;
      }
    },

    /** Settles payments whose notification never came by asking their provider. */
    async reconcile({ olderThanMs = 60_000, limit = 100 } = {}): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - olderThanMs);
      const { rows } = await db.query<{ reference: string; provider: string }>(
        `SELECT reference, provider FROM payments WHERE status IN ('AGUARDANDO', 'RECUSADO') AND updated_at <= $1
          ORDER BY created_at LIMIT $2`,
        [cutoff, limit],
      );
      let settled = 0;
      for (const row of rows) {
        const provider = providers[row.provider];
        const report = await provider?.fetchPaymentStatus(row.reference).catch(() => null);
        if (!report || report.status === 'pending') continue;
        try {
          const changed = await runInTransaction({ connect }, (tx) => applyProviderStatus(tx, clock.now(), { reference: row.reference, ...report }));
          if (changed) settled += 1;
        } catch (error) {
          console.warn(`reconciliation of ${row.reference} failed`, error);
        }
      }
      return settled;
    },

    /** Gives back the stock of unpaid orders whose reservation expired; the order is cancelled. */
    async expireReservations({ limit = 200 } = {}): Promise<number> {
      return runInTransaction({ connect }, async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `SELECT o.id FROM orders o
            WHERE o.status = 'PAGAMENTO'
              AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id AND r.released_at IS NULL
                            AND r.consumed_at IS NULL AND r.expires_at <= $1)
            ORDER BY o.id LIMIT $2 FOR UPDATE OF o SKIP LOCKED`,
          [clock.now(), limit],
        );
        for (const { id } of rows) {
          await tx.query(
            `WITH released AS (
               UPDATE stock_reservations SET released_at = $2 WHERE order_id = $1 AND released_at IS NULL AND consumed_at IS NULL
               RETURNING product_id, quantity)
             UPDATE products p SET stock = p.stock + r.quantity FROM released r WHERE p.id = r.product_id`,
            [id, clock.now()],
          );
          await tx.query(`UPDATE orders SET status = 'CANCELADO', updated_at = $2 WHERE id = $1`, [id, clock.now()]);
          await tx.query(`UPDATE payments SET status = 'CANCELADO', updated_at = $2 WHERE order_id = $1 AND status <> 'PAGO'`, [id, clock.now()]);
        }
        return rows.length;
      });
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
