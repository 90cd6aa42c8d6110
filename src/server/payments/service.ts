import type pg from 'pg';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { addJob } from '../jobs/service.ts';
import { enqueueOrderMail, enqueueOrderPaidMails } from '../mail/index.ts';
import { countPayment } from '../metrics/index.ts';
import { createPickupCode } from '../orders/pickup-code.ts';
import { stockMoves } from '../inventory/index.ts';
import { AmountMismatchError } from './errors.ts';
import type { PaymentProvider, PaymentReport, RefundResult, WebhookRequest } from './provider.ts';
import {
  countRefundAttempt,
  findPendingPartialRefund,
  findRefundDue,
  insertWebhookEvent,
  isKnownPayment,
  listPaymentsToReconcile,
  listRefundsDue,
  listRefundsDueOfOrder,
  lockPaymentAndOrder,
  markOrderPaid,
  markPaymentDeclined,
  markPaymentPaid,
  markPartialRefundDone,
  markPartialRefundManual,
  markPaymentRefunded,
  markOrderReversed,
  markReconciled,
  markUnpaidOrderCancelled,
  type LockedPayment,
  setRefundState,
  setStaffNotice,
  type RefundDue,
} from './repository.ts';

type Connect = () => Promise<pg.PoolClient>;

/**
 * Ends an unpaid order the caller has locked: its stock back on the shelf, the order and its
 * open payments cancelled, the shopper's e-mail queued, all in the caller's transaction
 * (reservation expiry and the order desk both end an unpaid order this way).
 */
export async function cancelUnpaidOrder(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await stockMoves.returnOrder(tx, orderId, now);
  await markUnpaidOrderCancelled(tx, orderId, now);
}

/** Failed refund attempts (one a reconciliation run) before the refund is handed to staff on the order desk. */
export const MAX_REFUND_ATTEMPTS = 5;

interface ProviderReport extends PaymentReport {
  reference: string;
}

/** What a report did: `refundDue` when money arrived for an order that cannot be served. */
interface Settlement {
  changed: boolean;
  refundDue: boolean;
}

const UNCHANGED: Settlement = { changed: false, refundDue: false };

async function setPickupCode(tx: Queryable, orderId: number, now: Date): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await markOrderPaid(tx, orderId, createPickupCode(), now)) return;
  }
  throw new Error('could not allocate a unique pickup code');
}

/**
 * The payment state machine (DECISIONS.md, decision 0040), inside the caller's transaction:
 * - approved, order PAGAMENTO: payment PAGO, order PAGO with a pickup code, reservation consumed;
 * - approved, order CANCELADO (reservation expired, or staff cancelled it): the order stays
 *   cancelled and takes no stock; the payment is PAGO with `refundDue` (the caller refunds it
 *   through the provider after COMMIT; reconciliation retries a refusal);
 * - declined: payment RECUSADO, order stays PAGAMENTO (the shopper may pay again);
 * - approved but disputed (Mercado Pago's in_mediation): settled as approved, and staff read on
 *   the order desk that the money is held until the dispute is decided (once, not every run);
 *   approved again without the dispute (won by the store): the notice says it is closed.
 */
async function applyProviderStatus(tx: Queryable, now: Date, report: ProviderReport): Promise<Settlement> {
  // The amount the gateway was asked to charge (decision 0410), which is what it reports.
  const payment = await lockPaymentAndOrder(tx, report.reference);
  if (!payment) return UNCHANGED;
  if (report.amountMinor !== payment.amount_minor || report.currencyId !== payment.currency_id) {
    throw new AmountMismatchError(`amount ${report.amountMinor}/${report.currencyId} does not match payment ${payment.id}`);
  }
  if (payment.status === 'PAGO' && report.status !== 'approved') {
    await applyGatewayReversal(tx, now, report.reference, payment);
    return { changed: true, refundDue: false };
  }
  if (report.disputed && payment.status === 'PAGO') {
    if (payment.staff_notice === 'noticeInMediation') return UNCHANGED;
    await setStaffNotice(tx, payment.id, 'noticeInMediation', now);
    return { changed: true, refundDue: false };
  }
  if (payment.status === 'PAGO' && payment.staff_notice === 'noticeInMediation') {
    // Approved again, no longer disputed: the dispute was decided for the store, the money is free.
    await setStaffNotice(tx, payment.id, 'noticeDisputeClosed', now);
    return { changed: true, refundDue: false };
  }
  if (report.status === 'pending' || payment.status === 'PAGO' || payment.status === 'ESTORNADO') return UNCHANGED;
  if (report.status === 'declined') {
    if (payment.status !== 'AGUARDANDO') return UNCHANGED;
    await markPaymentDeclined(tx, payment.id, now);
    return { changed: true, refundDue: false };
  }
  await markPaymentPaid(tx, payment.id, now);
  if (report.disputed) await setStaffNotice(tx, payment.id, 'noticeInMediation', now);
  if (payment.order_status !== 'PAGAMENTO') return { changed: true, refundDue: true };
  await stockMoves.consume(tx, payment.order_id, now);
  await setPickupCode(tx, payment.order_id, now);
  // In this transaction: the shopper and the store hear of the payment exactly when it commits.
  await enqueueOrderPaidMails(tx, payment.order_id);
  return { changed: true, refundDue: false };
}

/**
 * The gateway no longer holds a payment the shop holds as paid (Pagopar's `pagado: false` after
 * payment, a reversal staff asked for that the gateway has now applied): the payment is
 * ESTORNADO. An order still PAGO leaves PAGO (ESTORNADO, its pickup code void, its stock back)
 * and staff read why on the order desk; one already handed over keeps its status, staff told; a
 * refund the shop had asked for is done. The shopper hears the money went back.
 */
async function applyGatewayReversal(tx: Queryable, now: Date, reference: string, payment: LockedPayment): Promise<void> {
  const orderId = await markPaymentRefunded(tx, reference, now);
  if (orderId === null) return;
  if (payment.order_status === 'PAGO') {
    await markOrderReversed(tx, orderId, now);
    await stockMoves.returnOrder(tx, orderId, now);
    await setStaffNotice(tx, payment.id, 'noticeReversedAtGateway', now);
  } else if (payment.order_status !== 'CANCELADO' && payment.order_status !== 'ESTORNADO') {
    await setStaffNotice(tx, payment.id, 'noticeReversedAfterHandover', now);
  }
  await enqueueOrderMail(tx, orderId, 'refunded');
}

/** webhook_events.payload is jsonb: a form-encoded or empty body is kept as a JSON string. */
function toJsonPayload(rawBody: string): string {
  try {
    JSON.parse(rawBody);
    return rawBody;
  } catch {
    return JSON.stringify(rawBody);
  }
}

/**
 * A whole refund through the gateway: the captured amount, or, after partial refunds, what
 * remains of it as a part (a gateway that only reverses whole payments would give the parts back
 * twice: that rest is for staff to return, decision 1140).
 */
function askRefund(provider: PaymentProvider | undefined, due: RefundDue): Promise<RefundResult> | undefined {
  const input = { reference: due.reference, amountMinor: Number(due.amount_minor), currencyId: due.currency_id };
  const partly = Number(due.partly_refunded_minor);
  if (partly === 0) return provider?.refundPayment(input);
  if (partly >= input.amountMinor) return Promise.resolve({ ok: true });
  if (!provider?.refundPart) return provider && Promise.resolve({ ok: false, reason: 'manual_required' });
  return provider.refundPart({ ...input, amountMinor: input.amountMinor - partly, idempotencyKey: `refund-${due.reference}-rest` });
}

export interface PaymentServiceDeps {
  db: Queryable;
  connect: Connect;
  clock: Clock;
  providers: Record<string, PaymentProvider>;
}

export type WebhookOutcome = { status: 200; body: unknown } | { status: 400 | 401 | 404 | 422 | 503; body: { message: string } };

export function createPaymentService({ db, connect, clock, providers }: PaymentServiceDeps) {
  /** The registered gateway of that id; names such as 'constructor' or '__proto__' are no gateway. */
  const getProvider = (id: string): PaymentProvider | undefined => (Object.hasOwn(providers, id) ? providers[id] : undefined);

  /**
   * Gives the money back through the provider, outside any transaction (a gateway call must
   * not hold row locks); the payment becomes ESTORNADO only once the provider said it is done.
   * Scheduled by the gateway: it waits (reconciliation reads when it is applied). One the gateway
   * cannot do, or still failing after MAX_REFUND_ATTEMPTS runs, goes to staff on the order desk
   * (a manual refund); a passing failure is retried by the next reconciliation.
   */
  async function refund(due: RefundDue): Promise<boolean> {
    const provider = getProvider(due.provider);
    const result = await askRefund(provider, due)?.catch((error: unknown) => {
      console.warn(`refund of ${due.reference} failed`, error);
      return null;
    });
    countPayment(due.provider, result?.ok ? (result.scheduled ? 'refund_scheduled' : 'refunded') : 'refund_failed');
    if (result?.ok && result.scheduled) {
      await setRefundState(db, due.reference, 'AGENDADO', 'noticeRefundScheduled', clock.now());
      return false;
    }
    if (!result?.ok) {
      const reason = result ? result.reason : 'no provider answer';
      const passing = reason === 'gateway_error' || reason === 'not_captured' || reason === 'no provider answer';
      const attempts = passing ? await countRefundAttempt(db, due.reference, clock.now()) : MAX_REFUND_ATTEMPTS;
      if (attempts >= MAX_REFUND_ATTEMPTS) {
        await setRefundState(db, due.reference, 'MANUAL', passing ? 'noticeRefundFailing' : 'noticeRefundManual', clock.now());
        console.warn(`refund of ${due.reference} not done (${reason}): handed to staff on the order desk`);
      } else console.warn(`refund of ${due.reference} not done (${reason}); reconciliation retries`);
      return false;
    }
    // The shopper hears of the money given back in the transaction that records it.
    return runInTransaction({ connect }, async (tx) => {
      const orderId = await markPaymentRefunded(tx, due.reference, clock.now());
      if (orderId !== null) await enqueueOrderMail(tx, orderId, 'refunded');
      return orderId !== null;
    });
  }

  /**
   * A partial refund the desk recorded (decision 1140), asked of the gateway once, after the
   * desk's COMMIT: done, it is FEITO and the shopper is e-mailed in that transaction; a gateway
   * without partial refunds, or one that refused or failed, leaves it MANUAL for an admin to
   * return by other means (no retries: staff are on the page that asked). True when done.
   */
  async function refundPart(refundId: number): Promise<boolean> {
    const due = await findPendingPartialRefund(db, refundId);
    if (!due) return false;
    const provider = getProvider(due.provider);
    const input = {
      reference: due.reference,
      amountMinor: Number(due.charge_amount_minor),
      currencyId: due.charge_currency_id,
      idempotencyKey: `refund-${due.reference}-part-${refundId}`,
    };
    const result = provider?.refundPart
      ? await provider.refundPart(input).catch((error: unknown) => {
          console.warn(`partial refund ${refundId} of ${due.reference} failed`, error);
          return null;
        })
      : null;
    countPayment(due.provider, result?.ok ? 'refunded' : 'refund_failed');
    if (!result?.ok) {
      await markPartialRefundManual(db, refundId);
      return false;
    }
    return runInTransaction({ connect }, async (tx) => {
      const orderId = await markPartialRefundDone(tx, refundId, clock.now());
      if (orderId !== null) await enqueueOrderMail(tx, orderId, 'partlyRefunded');
      return orderId !== null;
    });
  }

  async function refundIfDue(reference: string): Promise<void> {
    const due = await findRefundDue(db, reference);
    if (due) await refund(due);
  }

  async function settle(gateway: string, report: ProviderReport, before?: (tx: Queryable) => Promise<boolean>): Promise<Settlement | null> {
    const settlement = await runInTransaction({ connect }, async (tx) => {
      if (before && !(await before(tx))) return null;
      return applyProviderStatus(tx, clock.now(), report);
    });
    if (settlement?.changed && report.status !== 'pending') countPayment(gateway, report.status);
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
        const settlement = await settle(providerId, event, (tx) =>
          insertWebhookEvent(tx, {
            provider: providerId,
            eventId: event.eventId,
            reference: event.reference,
            receivedAt: clock.now(),
            payload: toJsonPayload(request.rawBody),
          }),
        );
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
      let refunded = true;
      for (const row of await listRefundsDueOfOrder(db, orderId)) if (!(await refund(row))) refunded = false;
      return refunded;
    },

    refundPart,

    /** Settles payments whose notification never came by asking their provider, and retries due refunds. */
    async reconcile({ olderThanMs = 60_000, limit = 100 } = {}): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - olderThanMs);
      // Cancelled ones for a day: an approval that came after expiry and whose notice was lost.
      // Paid ones for a week: a reversal made on the gateway's side whose notice was lost.
      const dayAgo = new Date(clock.now().getTime() - 86_400_000);
      const rows = await listPaymentsToReconcile(db, cutoff, limit, dayAgo, new Date(clock.now().getTime() - 7 * 86_400_000));
      let settled = 0;
      for (const row of rows) {
        const report = await getProvider(row.provider)
          ?.fetchPaymentStatus(row.reference)
          .catch(() => null);
        await markReconciled(db, row.reference, clock.now());
        // Pending too: for a payment the shop holds as paid it means reversed on the gateway's side.
        if (!report) continue;
        try {
          if ((await settle(row.provider, { reference: row.reference, ...report }))?.changed) settled += 1;
        } catch (error) {
          console.warn(`reconciliation of ${row.reference} failed`, error);
        }
      }
      for (const row of await listRefundsDue(db, limit)) if (await refund(row)) settled += 1;
      return settled;
    },

    /** Gives back the stock of unpaid orders whose reservation expired; the order is cancelled. */
    async expireReservations({ limit = 200 } = {}): Promise<number> {
      return runInTransaction({ connect }, async (tx) => {
        const ids = await stockMoves.lockExpiredOrders(tx, clock.now(), limit);
        for (const id of ids) await cancelUnpaidOrder(tx, id, clock.now());
        return ids.length;
      });
    },
  };
}

export const PAYMENT_JOBS_TASK = 'payment_jobs';

/**
 * Schedules the next run in `delaySeconds`. One job key: at most one run waits (a waiting one
 * keeps its time); one named queue: runs never overlap, whichever process takes them.
 */
export async function schedulePaymentJobs(db: Queryable, delaySeconds: number): Promise<void> {
  await addJob(
    db,
    PAYMENT_JOBS_TASK,
    {},
    {
      queueName: 'payment-jobs',
      jobKey: 'payment-jobs',
      jobKeyMode: 'preserve_run_at',
      runAt: new Date(Date.now() + delaySeconds * 1000),
    },
  );
}

/**
 * The payment_jobs job (index.ts wires it on the shop's configuration and service):
 * reconciliation, then reservation expiry, then the next run scheduled `getIntervalS()` seconds
 * later. server.mjs schedules the first at boot (not a request: an idle shop must still give
 * expired reservations back); the queue hands each run to one process. Expiry skips rows another
 * transaction holds, and settling a payment is idempotent.
 */
export function createPaymentJobsRunner({
  getIntervalS,
  getService,
}: {
  getIntervalS: () => number;
  getService: () => ReturnType<typeof createPaymentService>;
}) {
  return async function runPaymentJobs(db: Queryable): Promise<void> {
    const seconds = getIntervalS();
    if (seconds === 0) return;
    try {
      const service = getService();
      await service.reconcile();
      await service.expireReservations();
    } catch (error) {
      console.warn('payment jobs failed', error);
    }
    await schedulePaymentJobs(db, seconds);
  };
}
