import type { Queryable } from '../db/client.ts';
import { enqueueOrderPaidMails } from '../mail/index.ts';
import { createPickupCode } from '../orders/pickup-code.ts';
import type { ProviderPaymentStatus } from './provider.ts';
import {
  consumeReservations,
  lockPaymentAndOrder,
  lockReleasedReservations,
  markOrderPaid,
  markPaymentDeclined,
  markPaymentPaid,
  retakeReleasedStock,
} from './repository.ts';

/**
 * A gateway's report whose amount or currency is not the payment's. An internal failure, not a
 * refusal in anyone's language (decision 0720): thrown to roll back the notification's
 * transaction, so a corrected redelivery still applies; the webhook answers 422.
 */
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

const UNCHANGED: Settlement = { changed: false, refundDue: false };

/**
 * Takes the stock of an order whose reservation expired again, all lines or none. The product
 * rows are locked in id order (as checkout locks them: no deadlock) and checked before any
 * update, so a shortage on one line leaves every other line's stock untouched.
 */
async function reReserve(tx: Queryable, orderId: number): Promise<boolean> {
  const rows = await lockReleasedReservations(tx, orderId);
  if (rows.some((row) => row.stock < row.quantity)) return false;
  await retakeReleasedStock(tx, orderId);
  return true;
}

async function setPickupCode(tx: Queryable, orderId: number, now: Date): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await markOrderPaid(tx, orderId, createPickupCode(), now)) return;
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
  // The amount the gateway was asked to charge (decision 0410), which is what it reports.
  const payment = await lockPaymentAndOrder(tx, report.reference);
  if (!payment) return UNCHANGED;
  if (report.amountMinor !== payment.amount_minor || report.currencyId !== payment.currency_id) {
    throw new AmountMismatchError(`amount ${report.amountMinor}/${report.currencyId} does not match payment ${payment.id}`);
  }
  if (report.status === 'pending' || payment.status === 'PAGO' || payment.status === 'ESTORNADO') return UNCHANGED;
  if (report.status === 'declined') {
    if (payment.status !== 'AGUARDANDO') return UNCHANGED;
    await markPaymentDeclined(tx, payment.id, now);
    return { changed: true, refundDue: false };
  }
  await markPaymentPaid(tx, payment.id, now);
  const servable =
    payment.order_status === 'PAGAMENTO' || (payment.order_status === 'CANCELADO' && (await reReserve(tx, payment.order_id)));
  if (!servable) return { changed: true, refundDue: true };
  await consumeReservations(tx, payment.order_id, now);
  await setPickupCode(tx, payment.order_id, now);
  // In this transaction: the shopper and the store hear of the payment exactly when it commits.
  await enqueueOrderPaidMails(tx, payment.order_id);
  return { changed: true, refundDue: false };
}
