import type { Queryable } from '../db/client.ts';
import { addJob, toAddJobSql } from '../jobs/service.ts';
import { MAIL_MAX_ATTEMPTS } from './queue.ts';

/** What an order e-mail tells; `storePaid` goes to STORE_ORDERS_EMAIL, every other to the shopper. */
export type OrderMailKind = 'created' | 'paid' | 'storePaid' | 'shipped' | 'pickedUp' | 'refunded';

export interface OrderMailJob {
  orderId: number;
  kind: OrderMailKind;
}

export const ORDER_MAIL_TASK = 'order_mail';

const STATUS_KINDS: Record<string, OrderMailKind> = { ENVIADO: 'shipped', RETIRADO: 'pickedUp', ESTORNADO: 'refunded' };

/**
 * Queues one order e-mail on `db`, the transaction that changes the order: rolled back, nothing
 * is sent; committed, the queue sends it (retrying while the mail server refuses). The message is
 * written when it is sent, in the order's language, with links to the configured storefront.
 */
export async function enqueueOrderMail(db: Queryable, orderId: number, kind: OrderMailKind): Promise<void> {
  const job: OrderMailJob = { orderId, kind };
  await addJob(db, ORDER_MAIL_TASK, job, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

/** enqueueOrderMail as a SQL expression, for a statement that has the order's id as `orderIdSql`. */
export function toOrderMailJobSql(orderIdSql: string, kind: OrderMailKind): string {
  return toAddJobSql(ORDER_MAIL_TASK, `json_build_object('orderId', ${orderIdSql}, 'kind', '${kind}')`, MAIL_MAX_ATTEMPTS);
}

/**
 * The order desk's hook: call it inside the transaction that moves the order to `status`.
 * ENVIADO (shipped), RETIRADO (handed over at the counter) and ESTORNADO (refunded) tell the
 * shopper; any other status sends nothing.
 */
export async function enqueueOrderStatusMail(db: Queryable, orderId: number, status: string): Promise<void> {
  const kind = STATUS_KINDS[status];
  if (kind) await enqueueOrderMail(db, orderId, kind);
}

/** The order became PAGO: the shopper's confirmation (pickup code, ticket PDF) and the store's notice. */
export async function enqueueOrderPaidMails(db: Queryable, orderId: number): Promise<void> {
  await enqueueOrderMail(db, orderId, 'paid');
  await enqueueOrderMail(db, orderId, 'storePaid');
}
