import type { Queryable } from '../db/client.ts';
import { toOrderMailJobSql } from '../mail/index.ts';

/** Lookups the gateway adapters need between our reference and the gateway's own id. */
export interface PaymentLookup {
  getReferenceByProviderId(provider: string, providerPaymentId: string): Promise<string | null>;
  getProviderPaymentId(provider: string, reference: string): Promise<string | null>;
}

export function createPaymentLookup(db: Queryable): PaymentLookup {
  return {
    async getReferenceByProviderId(provider, providerPaymentId) {
      const { rows } = await db.query<{ reference: string }>(
        'SELECT reference FROM payments WHERE provider = $1 AND provider_payment_id = $2',
        [provider, providerPaymentId],
      );
      return rows[0]?.reference ?? null;
    },
    async getProviderPaymentId(provider, reference) {
      const { rows } = await db.query<{ provider_payment_id: string | null }>(
        'SELECT provider_payment_id FROM payments WHERE provider = $1 AND reference = $2',
        [provider, reference],
      );
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
const CHARGE_AMOUNT_SQL = 'COALESCE(p.charge_amount_minor, p.amount_minor)';
const CHARGE_CURRENCY_SQL = 'COALESCE(p.charge_currency_id, p.currency_id)';

export interface OrderCharge {
  amountMinor: number;
  currencyId: number;
  orderAmountMinor: number;
  orderCurrencyId: number;
}

/** The charge of a customer's order's latest payment converted for its gateway; null when it charges the order's currency. */
export async function getConvertedCharge(db: Queryable, customerId: number, orderExternalId: string): Promise<OrderCharge | null> {
  const { rows } = await db.query<{ charge_amount_minor: string; charge_currency_id: number; amount_minor: string; currency_id: number }>(
    `SELECT p.charge_amount_minor, p.charge_currency_id, p.amount_minor, p.currency_id
       FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE o.external_id::text = $1 AND o.customer_id = $2 AND p.charge_amount_minor IS NOT NULL
      ORDER BY p.id DESC LIMIT 1`,
    [orderExternalId, customerId],
  );
  const row = rows[0];
  return row
    ? {
        amountMinor: Number(row.charge_amount_minor),
        currencyId: row.charge_currency_id,
        orderAmountMinor: Number(row.amount_minor),
        orderCurrencyId: row.currency_id,
      }
    : null;
}

/**
 * An unpaid order the caller has locked marked cancelled: its open payments cancelled and the
 * shopper's e-mail (why, and that nothing was charged) queued (its stock: the service's
 * cancelUnpaidOrder gives it back through the inventory in the same transaction).
 */
export async function markUnpaidOrderCancelled(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE orders SET status = 'CANCELADO', updated_at = $2 WHERE id = $1`, [orderId, now]);
  await tx.query(
    `WITH cancelled AS (UPDATE payments SET status = 'CANCELADO', updated_at = $2 WHERE order_id = $1 AND status <> 'PAGO')
     SELECT ${toOrderMailJobSql('$1::bigint', 'cancelled')}`,
    [orderId, now],
  );
}

/** Cash collection points need a RUC for the invoice (spec section 1). */
/** The buyer's document on record, for the RUC-for-cash rule of lib/contract/orders.ts. */
export async function getCustomerDocument(
  db: Queryable,
  customerId: number,
): Promise<{ document_type: string | null; document: string | null } | null> {
  const { rows } = await db.query<{ document_type: string | null; document: string | null }>(
    'SELECT document_type, document FROM customers WHERE id = $1',
    [customerId],
  );
  return rows[0] ?? null;
}

// ---- Settlement: the payment state machine's statements (service.ts, applyProviderStatus) ----

export interface LockedPayment {
  id: number;
  order_id: number;
  status: string;
  amount_minor: number;
  currency_id: number;
  order_status: string;
  staff_notice: string | null;
}

/** The payment and its order, both locked; the amount and currency the gateway was asked to charge (decision 0410). */
export async function lockPaymentAndOrder(tx: Queryable, reference: string): Promise<LockedPayment | undefined> {
  const { rows } = await tx.query<LockedPayment>(
    `SELECT p.id, p.order_id, p.status, ${CHARGE_AMOUNT_SQL} AS amount_minor,
            ${CHARGE_CURRENCY_SQL} AS currency_id, o.status AS order_status, p.staff_notice
       FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE p.reference = $1 FOR UPDATE OF p, o`,
    [reference],
  );
  return rows[0];
}

export async function markPaymentDeclined(tx: Queryable, paymentId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE payments SET status = 'RECUSADO', updated_at = $2 WHERE id = $1`, [paymentId, now]);
}

export async function markPaymentPaid(tx: Queryable, paymentId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE payments SET status = 'PAGO', paid_at = $2, updated_at = $2 WHERE id = $1`, [paymentId, now]);
}

/** The order PAGO with this pickup code; false (nothing changed) when another order already has the code. */
export async function markOrderPaid(tx: Queryable, orderId: number, pickupCode: string, now: Date): Promise<boolean> {
  const result = await tx.query(
    `UPDATE orders SET status = 'PAGO', pickup_code = $2, paid_at = $3, updated_at = $3
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM orders WHERE pickup_code = $2)`,
    [orderId, pickupCode, now],
  );
  return result.rowCount === 1;
}

// ---- The payment service's statements (service.ts) ----

export interface RefundDue {
  reference: string;
  provider: string;
  amount_minor: number;
  currency_id: number;
  /** What partial refunds of the order already gave back, or owe, of this payment (in its charge currency). */
  partly_refunded_minor: number;
}

/**
 * Paid payments of orders that will not be served: cancelled ones (approved too late, their
 * stock sold meanwhile) and ones the order desk refunded (ESTORNADO, the money still to go back);
 * not the ones the gateway scheduled or staff must return by hand (refund_state).
 */
const REFUND_DUE_SQL = `SELECT p.reference, p.provider, ${CHARGE_AMOUNT_SQL} AS amount_minor, ${CHARGE_CURRENCY_SQL} AS currency_id,
        (SELECT coalesce(sum(r.charge_amount_minor), 0) FROM order_refunds r WHERE r.payment_id = p.id)::bigint AS partly_refunded_minor
   FROM payments p JOIN orders o ON o.id = p.order_id
  WHERE p.status = 'PAGO' AND o.status IN ('CANCELADO', 'ESTORNADO') AND p.refund_state IS NULL`;

export async function findRefundDue(db: Queryable, reference: string): Promise<RefundDue | undefined> {
  const { rows } = await db.query<RefundDue>(`${REFUND_DUE_SQL} AND p.reference = $1`, [reference]);
  return rows[0];
}

export async function listRefundsDueOfOrder(db: Queryable, orderId: number): Promise<RefundDue[]> {
  const { rows } = await db.query<RefundDue>(`${REFUND_DUE_SQL} AND o.id = $1 ORDER BY p.id`, [orderId]);
  return rows;
}

/** The oldest refunds still due, at most `limit`. */
export async function listRefundsDue(db: Queryable, limit: number): Promise<RefundDue[]> {
  const { rows } = await db.query<RefundDue>(`${REFUND_DUE_SQL} ORDER BY p.updated_at LIMIT $1`, [limit]);
  return rows;
}

/** The payment ESTORNADO once its gateway gave the money back; its order's id, or null when it was not PAGO. */
export async function markPaymentRefunded(tx: Queryable, reference: string, now: Date): Promise<number | null> {
  const updated = await tx.query<{ order_id: number }>(
    `UPDATE payments SET status = 'ESTORNADO', refunded_at = $2, updated_at = $2, refund_state = NULL, staff_notice = NULL
      WHERE reference = $1 AND status = 'PAGO' RETURNING order_id`,
    [reference, now],
  );
  return updated.rows[0]?.order_id ?? null;
}

/** What a refund the gateway could not finish leaves for staff (the order desk shows the notice). */
export async function setRefundState(
  db: Queryable,
  reference: string,
  state: 'AGENDADO' | 'MANUAL',
  notice: string,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE payments SET refund_state = $2, staff_notice = $3, staff_notice_at = $4, updated_at = $4 WHERE reference = $1 AND status = 'PAGO'`,
    [reference, state, notice, now],
  );
}

/** One more failed refund attempt; the count so far. */
export async function countRefundAttempt(db: Queryable, reference: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ refund_attempts: number }>(
    'UPDATE payments SET refund_attempts = refund_attempts + 1, updated_at = $2 WHERE reference = $1 RETURNING refund_attempts',
    [reference, now],
  );
  return rows[0]?.refund_attempts ?? 0;
}

/** A paid order whose money the gateway took back: out of PAGO, its pickup code void (the caller returns the stock). */
export async function markOrderReversed(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE orders SET status = 'ESTORNADO', pickup_code = NULL, updated_at = $2 WHERE id = $1 AND status = 'PAGO'`, [
    orderId,
    now,
  ]);
}

/** The notice staff read on the order desk about this payment (a key of the order desk's catalogue). */
export async function setStaffNotice(tx: Queryable, paymentId: number, notice: string, now: Date): Promise<void> {
  await tx.query('UPDATE payments SET staff_notice = $2, staff_notice_at = $3 WHERE id = $1', [paymentId, notice, now]);
}

/**
 * An admin gave the money of a refunded or cancelled order back outside the gateway: its paid
 * payment ESTORNADO with how and when. False when the order has no money to give back.
 */
export async function recordManualRefund(tx: Queryable, orderId: number, refund: { how: string; when: Date; now: Date }): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE payments p SET status = 'ESTORNADO', refunded_at = $3, refund_method = $2, refund_state = NULL, staff_notice = NULL, updated_at = $4
       FROM orders o WHERE o.id = p.order_id AND p.order_id = $1 AND p.status = 'PAGO' AND o.status IN ('CANCELADO', 'ESTORNADO')`,
    [orderId, refund.how, refund.when, refund.now],
  );
  return (updated.rowCount ?? 0) > 0;
}

// ---- Partial refunds (issue 34 point 5, decision 1140) ----

/** One line of an order and how much of it partial refunds already took (any state: given back or owed). */
export interface RefundableLine {
  position: number;
  product_id: number;
  product_code: string;
  name_pt: string;
  name_es: string;
  quantity: number;
  unit_price_minor: number;
  refunded_quantity: number;
}

/** The paid payment a partial refund gives money back from, and what the order was charged. */
export interface RefundablePayment {
  id: number;
  reference: string;
  provider: string;
  order_total_minor: number;
  charge_amount_minor: number;
  charge_currency_id: number;
  refund_state: string | null;
}

/** The lines of an order the caller has locked, with what was refunded of each, and its paid payment (null when none is PAGO). */
export async function getRefundableOrder(
  tx: Queryable,
  orderId: number,
): Promise<{ lines: RefundableLine[]; payment: RefundablePayment | null }> {
  const [lines, payments] = await Promise.all([
    tx.query<RefundableLine>(
      `SELECT i.position, i.product_id, i.product_code, i.name_pt, i.name_es, i.quantity, i.unit_price_minor,
              coalesce((SELECT sum(l.quantity) FROM order_refund_lines l WHERE l.order_id = i.order_id AND l.position = i.position), 0)::int
                AS refunded_quantity
         FROM order_items i WHERE i.order_id = $1 ORDER BY i.position`,
      [orderId],
    ),
    tx.query<RefundablePayment>(
      `SELECT p.id, p.reference, p.provider, o.total_minor AS order_total_minor, ${CHARGE_AMOUNT_SQL} AS charge_amount_minor,
              ${CHARGE_CURRENCY_SQL} AS charge_currency_id, p.refund_state
         FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.order_id = $1 AND p.status = 'PAGO' ORDER BY p.id LIMIT 1`,
      [orderId],
    ),
  ]);
  return { lines: lines.rows, payment: payments.rows[0] ?? null };
}

export interface NewPartialRefund {
  orderId: number;
  paymentId: number;
  amountMinor: number;
  chargeAmountMinor: number;
  chargeCurrencyId: number;
  state: 'PENDENTE' | 'MANUAL';
  reason: string;
  staffId: number;
  staffEmail: string;
  lines: Array<{ position: number; quantity: number; amountMinor: number }>;
  now: Date;
}

/** Records a partial refund and its lines; its id. */
export async function insertPartialRefund(tx: Queryable, refund: NewPartialRefund): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO order_refunds (order_id, payment_id, amount_minor, charge_amount_minor, charge_currency_id, state, reason, staff_id,
                                staff_email, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      refund.orderId,
      refund.paymentId,
      refund.amountMinor,
      refund.chargeAmountMinor,
      refund.chargeCurrencyId,
      refund.state,
      refund.reason,
      refund.staffId,
      refund.staffEmail,
      refund.now,
    ],
  );
  const id = Number(rows[0]!.id);
  await tx.query(
    `INSERT INTO order_refund_lines (refund_id, order_id, position, quantity, amount_minor)
     SELECT $1, $2, line.position, line.quantity, line.amount_minor
       FROM jsonb_to_recordset($3::jsonb) AS line(position smallint, quantity integer, amount_minor bigint)`,
    [id, refund.orderId, JSON.stringify(refund.lines.map((line) => ({ ...line, amount_minor: line.amountMinor })))],
  );
  return id;
}

/** What the gateway is asked to give back for a partial refund still PENDENTE. */
export async function findPendingPartialRefund(
  db: Queryable,
  refundId: number,
): Promise<{ reference: string; provider: string; charge_amount_minor: number; charge_currency_id: number } | undefined> {
  const { rows } = await db.query<{ reference: string; provider: string; charge_amount_minor: number; charge_currency_id: number }>(
    `SELECT p.reference, p.provider, r.charge_amount_minor, r.charge_currency_id
       FROM order_refunds r JOIN payments p ON p.id = r.payment_id WHERE r.id = $1 AND r.state = 'PENDENTE'`,
    [refundId],
  );
  return rows[0];
}

/** The gateway gave a partial refund back: FEITO; the order's id (null when it was no longer PENDENTE). */
export async function markPartialRefundDone(tx: Queryable, refundId: number, now: Date): Promise<number | null> {
  const { rows } = await tx.query<{ order_id: number }>(
    `UPDATE order_refunds SET state = 'FEITO', refunded_at = $2 WHERE id = $1 AND state = 'PENDENTE' RETURNING order_id`,
    [refundId, now],
  );
  return rows[0] ? Number(rows[0].order_id) : null;
}

/** The gateway could not give a partial refund back: staff return it by other means (MANUAL). */
export async function markPartialRefundManual(db: Queryable, refundId: number): Promise<void> {
  await db.query(`UPDATE order_refunds SET state = 'MANUAL' WHERE id = $1 AND state = 'PENDENTE'`, [refundId]);
}

/** An admin gave a partial refund back by other means: FEITO with how and when; false when that refund of the order was not MANUAL. */
export async function recordManualPartialRefund(
  tx: Queryable,
  orderId: number,
  refundId: number,
  refund: { how: string; when: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE order_refunds SET state = 'FEITO', refund_method = $3, refunded_at = $4 WHERE id = $2 AND order_id = $1 AND state = 'MANUAL'`,
    [orderId, refundId, refund.how, refund.when],
  );
  return rowCount === 1;
}

/** Records a gateway notification once: false when this event id was already received. */
export async function insertWebhookEvent(
  tx: Queryable,
  event: { provider: string; eventId: string; reference: string; receivedAt: Date; payload: string },
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO webhook_events (provider, event_id, payment_reference, received_at, payload)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [event.provider, event.eventId, event.reference, event.receivedAt, event.payload],
  );
  return inserted.rowCount === 1;
}

/**
 * Payments whose notification may have been lost: waiting or declined ones untouched since
 * `cutoff`, cancelled ones changed after `cancelledSince` (an approval after expiry), paid ones
 * since `paidSince` (reversed on the gateway's side) and ones whose reversal the gateway
 * scheduled (given back since?). The
 * ones looked at longest ago come first, never-looked-at ones first of all and newest first (a
 * shopper just back from the gateway is waiting): with N open payments and `limit` a run, every
 * one is looked at within ceil(N / limit) runs, however many are abandoned (issue 32 point 12).
 */
export async function listPaymentsToReconcile(
  db: Queryable,
  cutoff: Date,
  limit: number,
  cancelledSince: Date,
  paidSince: Date,
): Promise<Array<{ reference: string; provider: string }>> {
  const { rows } = await db.query<{ reference: string; provider: string }>(
    `SELECT reference, provider FROM payments
      WHERE updated_at <= $1 AND (status IN ('AGUARDANDO', 'RECUSADO') OR (status = 'CANCELADO' AND updated_at > $3)
            OR (status = 'PAGO' AND (refund_state = 'AGENDADO' OR paid_at > $4)))
      ORDER BY reconciled_at NULLS FIRST, created_at DESC LIMIT $2`,
    [cutoff, limit, cancelledSince, paidSince],
  );
  return rows;
}

/** When reconciliation last asked the gateway about a payment (its turn comes again after every other's). */
export async function markReconciled(db: Queryable, reference: string, now: Date): Promise<void> {
  await db.query('UPDATE payments SET reconciled_at = $2 WHERE reference = $1', [reference, now]);
}

// ---- The sandbox gateway's own table (sandbox.ts) ----

export type SandboxDecision = 'approved' | 'declined';

export interface SandboxRow {
  reference: string;
  amount_minor: number;
  currency_id: number;
  method: string;
  installments: number;
  order_number: number;
  return_url: string;
  status: 'pending' | 'approved' | 'declined' | 'refunded';
}

export async function insertSandboxPayment(
  tx: Queryable,
  row: {
    reference: string;
    amountMinor: number;
    currencyId: number;
    method: string;
    installments: number;
    orderNumber: number;
    returnUrl: string;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO sandbox_payments (reference, amount_minor, currency_id, method, installments, order_number, return_url, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.reference, row.amountMinor, row.currencyId, row.method, row.installments, row.orderNumber, row.returnUrl, row.now],
  );
}

export async function findSandboxPayment(db: Queryable, reference: string): Promise<SandboxRow | null> {
  const { rows } = await db.query<SandboxRow>('SELECT * FROM sandbox_payments WHERE reference = $1', [reference]);
  return rows[0] ?? null;
}

/** Part of an approved sandbox payment given back; false when it was never captured or less than that remains. */
export async function markSandboxPartRefunded(db: Queryable, reference: string, amountMinor: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sandbox_payments SET refunded_minor = refunded_minor + $2
      WHERE reference = $1 AND status = 'approved' AND refunded_minor + $2 <= amount_minor`,
    [reference, amountMinor],
  );
  return rowCount === 1;
}

/** An approved (or already refunded) sandbox payment marked refunded; false when it was never captured. */
export async function markSandboxRefunded(db: Queryable, reference: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sandbox_payments SET status = 'refunded', refunded_at = COALESCE(refunded_at, $2)
      WHERE reference = $1 AND status IN ('approved', 'refunded')`,
    [reference, now],
  );
  return rowCount === 1;
}

/** The shopper's decision on the hosted page; null when the payment is already approved or refunded (or unknown). */
export async function recordSandboxDecision(
  db: Queryable,
  reference: string,
  decision: SandboxDecision,
  now: Date,
): Promise<SandboxRow | null> {
  const { rows } = await db.query<SandboxRow>(
    `UPDATE sandbox_payments SET status = $2, decided_at = $3 WHERE reference = $1 AND status NOT IN ('approved', 'refunded') RETURNING *`,
    [reference, decision, now],
  );
  return rows[0] ?? null;
}
