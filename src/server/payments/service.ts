import type pg from 'pg';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { enqueueOrderMail } from '../mail/order-mail.ts';
import type { PaymentProvider, WebhookRequest } from './provider.ts';
import { cancelUnpaidOrder, CHARGE_AMOUNT_SQL, CHARGE_CURRENCY_SQL, isKnownPayment } from './repository.ts';
import { AmountMismatchError, applyProviderStatus, type ProviderReport, type Settlement } from './settlement.ts';

type Connect = () => Promise<pg.PoolClient>;

/** webhook_events.payload is jsonb: a form-encoded or empty body is kept as a JSON string. */
function toJsonPayload(rawBody: string): string {
  try {
    JSON.parse(rawBody);
    return rawBody;
  } catch {
    return JSON.stringify(rawBody);
  }
}

export interface PaymentServiceDeps {
  db: Queryable;
  connect: Connect;
  clock: Clock;
  providers: Record<string, PaymentProvider>;
}

export type WebhookOutcome =
  | { status: 200; body: unknown }
  | { status: 400 | 401 | 404 | 422 | 503; body: { message: string } };

interface RefundDue { reference: string; provider: string; amount_minor: number; currency_id: number }

/**
 * Paid payments of orders that will not be served: cancelled ones (approved too late, their
 * stock sold meanwhile) and ones the order desk refunded (ESTORNADO, the money still to go back).
 */
const REFUND_DUE_SQL = `SELECT p.reference, p.provider, ${CHARGE_AMOUNT_SQL} AS amount_minor, ${CHARGE_CURRENCY_SQL} AS currency_id
   FROM payments p JOIN orders o ON o.id = p.order_id
  WHERE p.status = 'PAGO' AND o.status IN ('CANCELADO', 'ESTORNADO')`;

export function createPaymentService({ db, connect, clock, providers }: PaymentServiceDeps) {
  /** The registered gateway of that id; names such as 'constructor' or '__proto__' are no gateway. */
  const getProvider = (id: string): PaymentProvider | undefined => (Object.hasOwn(providers, id) ? providers[id] : undefined);

  /**
   * Gives the money back through the provider, outside any transaction (a gateway call must
   * not hold row locks); the payment becomes ESTORNADO only once the provider said yes. A
   * failure leaves it PAGO on a cancelled order, which the next reconciliation retries.
   */
  async function refund(due: RefundDue): Promise<boolean> {
    const provider = getProvider(due.provider);
    const result = await provider?.refundPayment({ reference: due.reference, amountMinor: due.amount_minor, currencyId: due.currency_id })
      .catch((error: unknown) => { console.warn(`refund of ${due.reference} failed`, error); return null; });
    if (!result?.ok) {
      console.warn(`refund of ${due.reference} not done (${result ? result.reason : 'no provider answer'}); reconciliation retries`);
      return false;
    }
    // The shopper hears of the money given back in the transaction that records it.
    return runInTransaction({ connect }, async (tx) => {
      const updated = await tx.query<{ order_id: number }>(
        `UPDATE payments SET status = 'ESTORNADO', refunded_at = $2, updated_at = $2 WHERE reference = $1 AND status = 'PAGO' RETURNING order_id`,
        [due.reference, clock.now()],
      );
      if (updated.rows[0]) await enqueueOrderMail(tx, updated.rows[0].order_id, 'refunded');
      return updated.rowCount === 1;
    });
  }

  async function refundIfDue(reference: string): Promise<void> {
    const { rows } = await db.query<RefundDue>(`${REFUND_DUE_SQL} AND p.reference = $1`, [reference]);
    if (rows[0]) await refund(rows[0]);
  }

  async function settle(report: ProviderReport, before?: (tx: Queryable) => Promise<boolean>): Promise<Settlement | null> {
    const settlement = await runInTransaction({ connect }, async (tx) => {
      if (before && !(await before(tx))) return null;
      return applyProviderStatus(tx, clock.now(), report);
    });
    if (settlement?.refundDue) await refundIfDue(report.reference);
    return settlement;
  }

  return {
    /** A gateway notification: authenticated, deduplicated by event id, amount checked. */
    async handleWebhook(providerId: string, request: WebhookRequest): Promise<WebhookOutcome> {
      const provider = getProvider(providerId);
      if (!provider) return { status: 404, body: { message: 'unknown payment provider' } };
      const verified = await provider.verifyWebhook(request, clock.now());
      if (!verified.ok) {
        console.warn(`${providerId} notification refused: ${verified.reason}`);
        if (verified.reason === 'gateway_error') return { status: 503, body: { message: 'payment state unavailable, retry later' } };
        return verified.reason === 'malformed'
          ? { status: 400, body: { message: 'malformed notification' } }
          : { status: 401, body: { message: `notification refused: ${verified.reason}` } };
      }
      const { event } = verified;
      if (!(await isKnownPayment(db, providerId, event.reference))) {
        console.warn(`${providerId} notification for unknown payment ${event.reference} ignored`);
        return { status: 404, body: { message: 'unknown payment' } };
      }
      try {
        const settlement = await settle(event, async (tx) => {
          const inserted = await tx.query(
            `INSERT INTO webhook_events (provider, event_id, payment_reference, received_at, payload)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [providerId, event.eventId, event.reference, clock.now(), toJsonPayload(request.rawBody)],
          );
          return inserted.rowCount === 1;
        });
        if (settlement === null) console.info(`${providerId} notification ${event.eventId} already applied`);
        const reply = provider.getWebhookReply?.(request);
        return { status: 200, body: reply ?? { ok: true, duplicate: settlement === null, changed: settlement?.changed ?? false } };
      } catch (error) {
        if (error instanceof AmountMismatchError) {
          console.warn(`${providerId} notification ${event.eventId} refused: ${error.message}`);
          return { status: 422, body: { message: 'amount does not match the payment' } };
        }
        throw error;
      }
    },

    /**
     * Gives back the paid payments of an order the desk has just refunded (after its COMMIT);
     * true when every one went back. A failure is left to reconciliation, which retries it.
     */
    async refundOrder(orderId: number): Promise<boolean> {
      const { rows } = await db.query<RefundDue>(`${REFUND_DUE_SQL} AND o.id = $1 ORDER BY p.id`, [orderId]);
      let refunded = true;
      for (const row of rows) if (!(await refund(row))) refunded = false;
      return refunded;
    },

    /** Settles payments whose notification never came by asking their provider, and retries due refunds. */
    async reconcile({ olderThanMs = 60_000, limit = 100 } = {}): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - olderThanMs);
      const { rows } = await db.query<{ reference: string; provider: string }>(
        // Cancelled ones for a day: an approval that came after expiry and whose notice was lost.
        `SELECT reference, provider FROM payments
          WHERE updated_at <= $1 AND (status IN ('AGUARDANDO', 'RECUSADO') OR (status = 'CANCELADO' AND updated_at > $3))
          ORDER BY created_at LIMIT $2`,
        [cutoff, limit, new Date(clock.now().getTime() - 86_400_000)],
      );
      let settled = 0;
      for (const row of rows) {
        const report = await getProvider(row.provider)?.fetchPaymentStatus(row.reference).catch(() => null);
        if (!report || report.status === 'pending') continue;
        try {
          if ((await settle({ reference: row.reference, ...report }))?.changed) settled += 1;
        } catch (error) {
          console.warn(`reconciliation of ${row.reference} failed`, error);
        }
      }
      const due = await db.query<RefundDue>(`${REFUND_DUE_SQL} ORDER BY p.updated_at LIMIT $1`, [limit]);
      for (const row of due.rows) if (await refund(row)) settled += 1;
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
        for (const { id } of rows) await cancelUnpaidOrder(tx, id, clock.now());
        return rows.length;
      });
    },
  };
}
