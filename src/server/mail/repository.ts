import type { Queryable } from '../db/client.ts';

export interface OrderMailRow {
  id: number;
  external_id: string;
  number: number;
  customer_id: number;
  locale: string;
  status: string;
  delivery_type: 'delivery' | 'pickup' | 'pickup_point';
  pickup_code: string | null;
  total_minor: number;
  currency_id: number;
  decimals: number;
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
  delivery_address: Record<string, unknown> | null;
  /** The latest status change's reason, and whether a staff member made it (null: the shop itself, as on expiry). */
  status_note: string | null;
  status_by_staff: boolean;
}

/** The order, its buyer and its latest payment, as an order e-mail needs them. */
export async function findOrderForMail(db: Queryable, orderId: number): Promise<OrderMailRow | undefined> {
  const { rows } = await db.query<OrderMailRow>(
    `SELECT o.id, o.external_id, o.number, o.customer_id, o.locale, o.status, o.delivery_type, o.pickup_code, o.total_minor,
            o.currency_id, c.decimals, o.paid_at, cu.email, cu.first_name, cu.last_name, cu.document_type, cu.document,
            p.provider, p.link AS pay_link,
            (SELECT min(r.expires_at) FROM stock_reservations r WHERE r.order_id = o.id) AS expires_at,
            o.tracking_note, o.delivery_address, h.note AS status_note, coalesce(h.staff_id IS NOT NULL, false) AS status_by_staff
       FROM orders o JOIN customers cu ON cu.id = o.customer_id JOIN currencies c ON c.id = o.currency_id
       LEFT JOIN LATERAL (SELECT provider, link FROM payments WHERE order_id = o.id ORDER BY id DESC LIMIT 1) p ON true
       LEFT JOIN LATERAL (SELECT note, staff_id FROM order_status_history WHERE order_id = o.id ORDER BY id DESC LIMIT 1) h ON true
      WHERE o.id = $1`,
    [orderId],
  );
  return rows[0];
}

export async function listOrderLinesForMail(
  db: Queryable,
  orderId: number,
): Promise<Array<{ quantity: number; product_code: string; name_es: string }>> {
  const { rows } = await db.query<{ quantity: number; product_code: string; name_es: string }>(
    'SELECT quantity, product_code, name_es FROM order_items WHERE order_id = $1 ORDER BY position',
    [orderId],
  );
  return rows;
}

/** The order's lines partial refunds gave back (done ones only: the shopper hears of money returned), one row a line. */
export async function listRefundedLinesForMail(
  db: Queryable,
  orderId: number,
): Promise<Array<{ quantity: number; product_code: string; name_pt: string; name_es: string; amount_minor: number }>> {
  const { rows } = await db.query<{ quantity: number; product_code: string; name_pt: string; name_es: string; amount_minor: number }>(
    `SELECT sum(l.quantity)::int AS quantity, i.product_code, i.name_pt, i.name_es, sum(l.amount_minor)::bigint AS amount_minor
       FROM order_refund_lines l JOIN order_refunds r ON r.id = l.refund_id AND r.state = 'FEITO'
       JOIN order_items i ON i.order_id = l.order_id AND i.position = l.position
      WHERE l.order_id = $1 GROUP BY i.position, i.product_code, i.name_pt, i.name_es ORDER BY i.position`,
    [orderId],
  );
  return rows;
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
