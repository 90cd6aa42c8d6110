import type pg from 'pg';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from '../orders/pickup-code.ts';
import type { Limit, RateLimiter } from '../rate-limit/index.ts';
import type { DeskAction, DeskFilters } from '#lib/contract/order-desk.ts';
import type { OrderMailKind } from '../mail/index.ts';
import { toShareOf } from '#lib/money.ts';
import type { partialRefunds } from '../payments/index.ts';
import { deskError, partialRefundError, timelineError } from './errors.ts';
import {
  DESK_PAGE_SIZE,
  type DeskHistoryRow,
  type DeskListRow,
  type DeskPaymentRow,
  type OrderDeskRepository,
  type StaffNoteRow,
} from './repository.ts';
import { getTransitionRefusal, PARTIAL_REFUND_FROM, planPartialRefund, TRANSITIONS, type StaffRole } from './transitions.ts';

export interface StaffActor {
  id: number;
  email: string;
  role: StaffRole;
}

/** The staff audit log's entry (src/server/audit, decision 0500). */
export interface DeskAuditEntry {
  actor: { staffId: number; email: string };
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export interface OrderDeskDeps {
  db: Queryable;
  connect: () => Promise<pg.PoolClient>;
  clock: Clock;
  repository: OrderDeskRepository;
  limiter: RateLimiter;
  /** The staff audit log: one row per staff write, inside the write's transaction. */
  writeAudit(tx: Queryable, entry: DeskAuditEntry): Promise<void>;
  /** The shopper's e-mail about the new status, enqueued in the same transaction (mail domain). */
  notifyStatusChange(db: Queryable, orderId: number, newStatus: string): Promise<void>;
  /** The payments domain's changes to the locked order's stock and payments, in the desk's transaction (payments/index.ts). */
  stock: {
    cancelUnpaidOrder(tx: Queryable, orderId: number, now: Date): Promise<void>;
    returnOrderStock(tx: Queryable, orderId: number, now: Date): Promise<void>;
  };
  /** Gives a refunded order's money back through its payment provider, after COMMIT. */
  refundOrder(orderId: number): Promise<boolean>;
  /** Records money an admin gave back outside the gateway, in the desk's transaction (payments/index.ts); false: none was due. */
  recordManualRefund(tx: Queryable, orderId: number, refund: { how: string; when: Date; now: Date }): Promise<boolean>;
  /** Partial refunds' changes, in the desk's transaction on the locked order (payments/index.ts, decision 1140). */
  partialRefunds: typeof partialRefunds;
  /** Gives a partial refund's money back through the gateway, after COMMIT; true when done (else it waits for a manual refund). */
  refundPart(refundId: number): Promise<boolean>;
  /** The mail domain's order e-mails: those sent (order_mail_log) and the queue, for the timeline and "send again". */
  orderMails: {
    listSent(db: Queryable, orderId: number): Promise<Array<{ kind: string; recipient: string; sent_at: Date }>>;
    enqueue(db: Queryable, orderId: number, kind: OrderMailKind): Promise<void>;
    /** MAIL_MAX_PER_RECIPIENT_PER_HOUR: "send again" stops before the mail domain would drop the message. */
    maxPerRecipientPerHour(): number;
    /** The store's own address (not capped). */
    storeAddress(): string | undefined;
  };
}

/** One line of the order's timeline, oldest first. */
export type TimelineEntry =
  | { at: Date; type: 'status'; from: string | null; to: string; who: string | null; note: string | null }
  | { at: Date; type: 'payment'; event: 'created' | 'paid' | 'refunded'; provider: string; amountMinor: number }
  | { at: Date; type: 'mail'; kind: OrderMailKind; to: string }
  | { at: Date; type: 'note'; who: string; body: string };

/** The order's status changes, payments, e-mails sent and staff notes, in time order (stable for equal times). */
export function toOrderTimeline(parts: {
  history: DeskHistoryRow[];
  payments: DeskPaymentRow[];
  mails: Array<{ kind: string; recipient: string; sent_at: Date }>;
  notes: StaffNoteRow[];
}): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...parts.history.map((h): TimelineEntry => ({
      at: h.created_at,
      type: 'status',
      from: h.from_status,
      to: h.to_status,
      who: h.staff_email,
      note: h.note,
    })),
    ...parts.payments.flatMap((p) => {
      const base = { type: 'payment' as const, provider: p.provider, amountMinor: p.amount_minor };
      return [
        { ...base, at: p.created_at, event: 'created' as const },
        ...(p.paid_at ? [{ ...base, at: p.paid_at, event: 'paid' as const }] : []),
        ...(p.refunded_at ? [{ ...base, at: p.refunded_at, event: 'refunded' as const }] : []),
      ];
    }),
    ...parts.mails.map((m): TimelineEntry => ({ at: m.sent_at, type: 'mail', kind: m.kind as OrderMailKind, to: m.recipient })),
    ...parts.notes.map((n): TimelineEntry => ({ at: n.created_at, type: 'note', who: n.staff_email, body: n.body })),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const HOUR_MS = 60 * 60 * 1000;

export interface ManualRefundInput {
  number: number;
  /** How the money went back (a transfer, cash at the counter...). */
  how: string;
  /** The day it went back, 'YYYY-MM-DD'. */
  day: string;
  /** The partial refund it completes; absent: the order's whole payment. */
  refundId?: number | undefined;
}

export interface PartialRefundInput {
  number: number;
  lines: Array<{ position: number; quantity: number }>;
  reason: string;
}

export interface PartialRefundOutcome {
  refundId: number;
  /** In the order's currency. */
  amountMinor: number;
  /** The gateway gave it back; false: an admin returns it by other means and records it. */
  moneyReturned: boolean;
}

export interface TransitionInput {
  number: number;
  action: DeskAction;
  expectedStatus?: string | undefined;
  /** Reason of a cancel or refund; tracking note of a shipment. */
  note?: string | undefined;
}

export interface TransitionOutcome {
  status: string;
  moneyReturned: boolean | null;
}

/** Wrong pickup codes: a counter typing one ticket after another never meets these; a guesser does. */
export const PICKUP_GUESS_LIMITS = {
  staff: { name: 'pickup-code-staff', points: 10, windowSeconds: 15 * 60 },
  ip: { name: 'pickup-code-ip', points: 30, windowSeconds: 15 * 60, perIp: true },
} satisfies Record<string, Limit>;

/** Letters and digits of a typed or scanned code, upper-cased; null when it cannot be a pickup code. */
export function toPickupCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== PICKUP_CODE_LENGTH) return null;
  return [...code].every((char) => PICKUP_CODE_ALPHABET.includes(char)) ? code : null;
}

export function createOrderDeskService(deps: OrderDeskDeps) {
  const { db, connect, clock, repository, limiter } = deps;

  async function loadDetail(row: Awaited<ReturnType<OrderDeskRepository['getOrder']>>) {
    if (!row) return null;
    return { ...row, ...(await repository.getOrderParts(db, row.id)) };
  }

  return {
    async listOrders(filters: DeskFilters) {
      const result = await repository.listOrders(db, filters);
      return { ...result, page: filters.pagina ?? 1, pages: Math.max(1, Math.ceil(result.total / DESK_PAGE_SIZE)) };
    },

    /**
     * The filtered list for a spreadsheet: buyers' e-mails and documents (its page is for admins,
     * decision 0515), audited (who, which filters, how many rows) in the read's transaction.
     */
    async exportOrders(actor: StaffActor, filters: DeskFilters, cap = 10_000): Promise<DeskListRow[]> {
      return runInTransaction({ connect }, async (tx) => {
        const rows = await repository.listAllOrders(tx, filters, cap);
        await deps.writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: 'orders.export',
          entityType: 'orders',
          entityId: '',
          after: { filters, rows: rows.length },
        });
        return rows;
      });
    },

    async getOrder(number: number) {
      return loadDetail(await repository.getOrder(db, { number }));
    },

    /** The orders to pack, in the order asked (unknown numbers left out), each with its staff notes. */
    async getPackingOrders(numbers: readonly number[]) {
      const orders = [];
      for (const number of numbers) {
        const order = await loadDetail(await repository.getOrder(db, { number }));
        if (order) orders.push({ ...order, notes: await repository.listOrderNotes(db, order.id) });
      }
      return orders;
    },

    /**
     * One status change, on the locked order row: a second click waits for the first to commit,
     * then finds the status changed and is refused. Audit row, history (trigger) and the
     * shopper's e-mail (but a refund's) are written in the same transaction; the money of a refund goes back
     * through the provider after COMMIT (a gateway call holds no lock), retried by reconciliation.
     */
    async transition(actor: StaffActor, input: TransitionInput): Promise<TransitionOutcome> {
      const rule = TRANSITIONS[input.action];
      const note = input.note?.trim() || null;
      const now = clock.now();
      const order = await runInTransaction({ connect }, async (tx) => {
        const locked = await repository.lockOrder(tx, input.number);
        if (!locked) throw deskError('not_found');
        const refusal = getTransitionRefusal({
          action: input.action,
          role: actor.role,
          current: { status: locked.status, deliveryType: locked.delivery_type },
          expectedStatus: input.expectedStatus,
          reason: note ?? undefined,
        });
        if (refusal) throw deskError(refusal, locked.status);
        await repository.setStatusAuthor(tx, { staffId: actor.id, staffEmail: actor.email, note });
        if (input.action === 'cancel') await deps.stock.cancelUnpaidOrder(tx, locked.id, now);
        else {
          if (input.action === 'refund') await deps.stock.returnOrderStock(tx, locked.id, now);
          await repository.setStatus(tx, locked.id, rule.to, now, input.action === 'ship' ? note : null);
        }
        await deps.writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: `order.${input.action}`,
          entityType: 'order',
          entityId: locked.number,
          before: { status: locked.status },
          after: { status: rule.to, ...(note ? { note } : {}) },
        });
        // A refund's e-mail goes when the provider has given the money back (payments' refund
        // path queues it), so the shopper never reads "refunded" about money still on its way.
        if (input.action !== 'refund') await deps.notifyStatusChange(tx, locked.id, rule.to);
        return locked;
      });
      const moneyReturned = input.action === 'refund' ? await deps.refundOrder(order.id) : null;
      return { status: rule.to, moneyReturned };
    },

    /**
     * A refund the gateway could not make (its method or day, or retries spent), given back by an
     * admin by other means: the paid payment of a refunded or cancelled order becomes ESTORNADO
     * with how and when (or, with `refundId`, that partial refund is done), audited, and the
     * shopper is told by e-mail, all in one transaction.
     */
    async recordManualRefund(actor: StaffActor, input: ManualRefundInput): Promise<void> {
      if (actor.role !== 'admin') throw deskError('forbidden');
      const now = clock.now();
      const when = new Date(`${input.day}T12:00:00Z`);
      if (Number.isNaN(when.getTime()) || input.day > now.toISOString().slice(0, 10)) throw deskError('manual_refund_input');
      await runInTransaction({ connect }, async (tx) => {
        const locked = await repository.lockOrder(tx, input.number);
        if (!locked) throw deskError('not_found');
        const recorded =
          input.refundId === undefined
            ? await deps.recordManualRefund(tx, locked.id, { how: input.how, when, now })
            : await deps.partialRefunds.recordManual(tx, locked.id, input.refundId, { how: input.how, when });
        if (!recorded) throw deskError('no_refund_due', locked.status);
        const refund = { how: input.how, day: input.day, ...(input.refundId === undefined ? {} : { partialRefund: input.refundId }) };
        await deps.writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: 'order.manual_refund',
          entityType: 'order',
          entityId: locked.number,
          before: { status: locked.status },
          after: { status: locked.status, refund },
        });
        if (input.refundId === undefined) await deps.notifyStatusChange(tx, locked.id, 'ESTORNADO');
        else await deps.orderMails.enqueue(tx, locked.id, 'partlyRefunded');
      });
    },

    /**
     * An admin refunds chosen quantities of a paid (or shipped, or handed over) order's lines,
     * why given (decision 1140). On the locked order: the quantities checked against what is left
     * of each line, the refund recorded with who and why, the stock of exactly those quantities
     * back, audited; the order keeps its status. After COMMIT the gateway is asked for that part
     * of the payment (in what it charged); one that cannot leaves it for a manual refund.
     */
    async refundLines(actor: StaffActor, input: PartialRefundInput): Promise<PartialRefundOutcome> {
      if (actor.role !== 'admin') throw deskError('forbidden');
      const reason = input.reason.trim();
      const now = clock.now();
      const recorded = await runInTransaction({ connect }, async (tx) => {
        const locked = await repository.lockOrder(tx, input.number);
        if (!locked) throw deskError('not_found');
        if (!PARTIAL_REFUND_FROM.includes(locked.status)) throw deskError('invalid_transition', locked.status);
        if (!reason) throw deskError('reason_required');
        const { lines, payment } = await deps.partialRefunds.getRefundableOrder(tx, locked.id);
        if (!payment || payment.refund_state !== null) throw deskError('no_refund_due', locked.status);
        const plan = planPartialRefund(
          locked.status,
          lines.map((line) => ({
            position: line.position,
            name: `${line.product_code} ${line.name_pt === line.name_es ? line.name_pt : line.name_es}`,
            quantity: line.quantity,
            unitPriceMinor: Number(line.unit_price_minor),
            refundedQuantity: line.refunded_quantity,
          })),
          input.lines,
        );
        if ('code' in plan) throw partialRefundError(plan);
        const chargeAmountMinor = toShareOf(plan.amountMinor, Number(payment.order_total_minor), Number(payment.charge_amount_minor));
        const refundId = await deps.partialRefunds.insertPartialRefund(tx, {
          orderId: locked.id,
          paymentId: payment.id,
          amountMinor: plan.amountMinor,
          chargeAmountMinor,
          chargeCurrencyId: payment.charge_currency_id,
          state: 'PENDENTE',
          reason,
          staffId: actor.id,
          staffEmail: actor.email,
          lines: plan.lines,
          now,
        });
        await deps.partialRefunds.returnLineStock(tx, locked.id, plan.lines, now);
        await deps.writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: 'order.partial_refund',
          entityType: 'order',
          entityId: locked.number,
          before: { status: locked.status },
          after: { status: locked.status, note: reason, refund: { id: refundId, lines: plan.lines, amountMinor: plan.amountMinor } },
        });
        return { refundId, amountMinor: plan.amountMinor };
      });
      return { ...recorded, moneyReturned: await deps.refundPart(recorded.refundId) };
    },

    /** The order's timeline (status changes, payments, e-mails sent, staff notes), oldest first. */
    async getTimeline(order: { id: number; history: DeskHistoryRow[]; payments: DeskPaymentRow[] }) {
      const [mails, notes] = await Promise.all([deps.orderMails.listSent(db, order.id), repository.listOrderNotes(db, order.id)]);
      const entries = toOrderTimeline({ history: order.history, payments: order.payments, mails, notes });
      return { entries, resendable: [...new Set(mails.map((mail) => mail.kind as OrderMailKind))] };
    },

    /** A staff note on the order (free text), audited in the same transaction. */
    async addNote(actor: StaffActor, number: number, text: string): Promise<void> {
      const body = text.trim();
      if (!body || body.length > 2000) throw timelineError('note_invalid');
      await runInTransaction({ connect }, async (tx) => {
        const locked = await repository.lockOrder(tx, number);
        if (!locked) throw deskError('not_found');
        await repository.insertOrderNote(tx, { orderId: locked.id, staffId: actor.id, staffEmail: actor.email, body, now: clock.now() });
        await deps.writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: 'order.note',
          entityType: 'order',
          entityId: locked.number,
          after: { note: body },
        });
      });
    },

    /**
     * Queues again an e-mail the order has sent (written anew from the order as it is now),
     * audited. A shopper's address that reached MAIL_MAX_PER_RECIPIENT_PER_HOUR in order e-mails
     * is refused here, where staff read why, rather than dropped silently by the mail domain.
     */
    async resendMail(actor: StaffActor, number: number, kind: string): Promise<void> {
      await runInTransaction({ connect }, async (tx) => {
        const locked = await repository.lockOrder(tx, number);
        if (!locked) throw deskError('not_found');
        const sent = await deps.orderMails.listSent(tx, locked.id);
        const last = sent.filter((mail) => mail.kind === kind).at(-1);
        if (!last) throw timelineError('mail_not_sent');
        const max = deps.orderMails.maxPerRecipientPerHour();
        const since = clock.now().getTime() - HOUR_MS;
        const recent = sent.filter((mail) => mail.recipient === last.recipient && mail.sent_at.getTime() > since).length;
        if (last.recipient !== deps.orderMails.storeAddress() && recent >= max) throw timelineError('mail_cap', { max });
        await deps.orderMails.enqueue(tx, locked.id, last.kind as OrderMailKind);
        await deps.writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: 'order.resend_mail',
          entityType: 'order',
          entityId: locked.number,
          after: { mail: kind, to: last.recipient },
        });
      });
    },

    /**
     * The counter's look-up by the ticket's code. Wrong codes count against the staff member and
     * the address (guessing is limited); a blocked one is refused before the database is asked.
     */
    async findByPickupCode(actor: StaffActor, typed: string, ip: string) {
      const subject = String(actor.id);
      if ((await limiter.isBlocked(PICKUP_GUESS_LIMITS.staff, subject)) || (await limiter.isBlocked(PICKUP_GUESS_LIMITS.ip, ip))) {
        throw deskError('too_many_attempts');
      }
      const code = toPickupCode(typed);
      const order = code ? await repository.getOrder(db, { pickupCode: code }) : null;
      if (!order) {
        await limiter.consume(PICKUP_GUESS_LIMITS.staff, subject);
        await limiter.consume(PICKUP_GUESS_LIMITS.ip, ip);
        throw deskError('not_found');
      }
      return loadDetail(order);
    },
  };
}
export type OrderDeskService = ReturnType<typeof createOrderDeskService>;
export type DeskOrderDetail = NonNullable<Awaited<ReturnType<OrderDeskService['getOrder']>>>;
