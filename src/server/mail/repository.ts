import type { Queryable } from '../db/client.ts';
import { reservationEndSql } from '../inventory/index.ts';

/** What an order e-mail needs beyond the order's view (orders/index.ts): the buyer, the latest payment, the reservation, the last status change. */
export interface OrderMailRow {
  id: number;
  external_id: string;
  number: number;
  customer_id: number;
  locale: string;
  paid_at: Date | null;
  email: string;
  first_name: string;
  last_name: string;
  document_type: string;
  document: string;
  provider: string | null;
  pay_link: string | null;
  expires_at: Date | null;
  tracking_note: string | null;
  /** The latest status change's reason, and whether a staff member made it (null: the shop itself, as on expiry). */
  status_note: string | null;
  status_by_staff: boolean;
}

/** The order, its buyer and its latest payment, as an order e-mail needs them. */
export async function findOrderForMail(db: Queryable, orderId: number): Promise<OrderMailRow | undefined> {
  const { rows } = await db.query<OrderMailRow>(
    `SELECT o.id, o.external_id, o.number, o.customer_id, o.locale, o.paid_at, cu.email, cu.first_name, cu.last_name,
            cu.document_type, cu.document, p.provider, p.link AS pay_link,
            ${reservationEndSql('o.id')} AS expires_at,
            o.tracking_note, h.note AS status_note, coalesce(h.staff_id IS NOT NULL, false) AS status_by_staff
       FROM orders o JOIN customers cu ON cu.id = o.customer_id
       LEFT JOIN LATERAL (SELECT provider, link FROM payments WHERE order_id = o.id ORDER BY id DESC LIMIT 1) p ON true
       LEFT JOIN LATERAL (SELECT note, staff_id FROM order_status_history WHERE order_id = o.id ORDER BY id DESC LIMIT 1) h ON true
      WHERE o.id = $1`,
    [orderId],
  );
  return rows[0];
}

/** One order e-mail the mail server took (the order's timeline, "send again"). */
export async function insertOrderMailLog(db: Queryable, sent: { orderId: number; kind: string; recipient: string }): Promise<void> {
  await db.query('INSERT INTO order_mail_log (order_id, kind, recipient) VALUES ($1, $2, $3)', [sent.orderId, sent.kind, sent.recipient]);
}

export interface SentOrderMailRow {
  kind: string;
  recipient: string;
  sent_at: Date;
}

/** The order's e-mails sent, oldest first. */
export async function listSentOrderMails(db: Queryable, orderId: number): Promise<SentOrderMailRow[]> {
  const { rows } = await db.query<SentOrderMailRow>(
    'SELECT kind, recipient, sent_at FROM order_mail_log WHERE order_id = $1 ORDER BY sent_at, id',
    [orderId],
  );
  return rows;
}
