import type { Queryable } from '../db/client.ts';
import { PAID_ORDER_STATUSES, type DeskFilters } from '#lib/contract/order-desk.ts';

/** Orders per page of the desk's list. */
export const DESK_PAGE_SIZE = 25;

export interface DeskListRow {
  id: number;
  number: number;
  created_at: Date;
  status: string;
  locale: string;
  delivery_type: string;
  currency_id: number;
  total_minor: number;
  paid_at: Date | null;
  pickup_code: string | null;
  buyer_name: string;
  email: string;
  document_type: string;
  document: string;
  iso_code: string;
  decimals: number;
}

export interface DeskOrderRow extends DeskListRow {
  external_id: string;
  items_total_minor: number;
  shipping_minor: number;
  delivery_description: string;
  delivery_service_name_pt: string | null;
  delivery_service_name_es: string | null;
  pickup_point_name: string | null;
  pickup_point_address: string | null;
  delivery_address: Record<string, unknown> | null;
  alternative_city: string | null;
  tracking_note: string | null;
  payment_method: string;
  installments: number;
  phone: string;
  foreign_buyer: number;
  identity: string;
  customer_id: number;
  customer_uuid: string;
}

export interface DeskCurrencyTotal {
  currency_id: number;
  iso_code: string;
  decimals: number;
  total_minor: number;
}
export interface DeskItemRow {
  position: number;
  product_code: string;
  name_pt: string;
  name_es: string;
  quantity: number;
  unit_price_minor: number;
  subtotal_minor: number;
  /** Units partial refunds took from this line (any state). */
  refunded_quantity: number;
  /** The product's picture when the order was placed (its address; the packing slip prints it small). */
  image_url: string | null;
}

/** One partial refund of the order (decision 1140), its lines as "quantity x code name" in both languages. */
export interface DeskRefundRow {
  id: number;
  amount_minor: number;
  state: 'PENDENTE' | 'FEITO' | 'MANUAL';
  reason: string;
  staff_email: string;
  refund_method: string | null;
  created_at: Date;
  refunded_at: Date | null;
  lines: Array<{ quantity: number; product_code: string; name_pt: string; name_es: string }>;
}
export interface DeskPaymentRow {
  provider: string;
  reference: string;
  provider_payment_id: string | null;
  status: string;
  amount_minor: number;
  currency_id: number;
  method: string;
  installments: number;
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
  /** AGENDADO (the gateway will give it back), MANUAL (an admin must), or null. */
  refund_state: string | null;
  /** How an admin gave it back, for a manual refund. */
  refund_method: string | null;
  /** A key of the order desk's catalogue: what staff must know about this payment. */
  staff_notice: string | null;
}
export interface DeskHistoryRow {
  from_status: string | null;
  to_status: string;
  staff_id: number | null;
  staff_email: string | null;
  note: string | null;
  created_at: Date;
}
export interface StaffNoteRow {
  staff_email: string;
  body: string;
  created_at: Date;
}
export interface LockedOrder {
  id: number;
  number: number;
  status: string;
  delivery_type: string;
  tracking_note: string | null;
}

const LIST_COLUMNS = `o.id, o.number, o.created_at, o.status, o.locale, o.delivery_type, o.currency_id, o.total_minor, o.paid_at,
  o.pickup_code, btrim(c.first_name || ' ' || c.last_name) AS buyer_name, c.email, c.document_type, c.document, cur.iso_code, cur.decimals`;
const FROM = 'FROM orders o JOIN customers c ON c.id = o.customer_id JOIN currencies cur ON cur.id = o.currency_id';

/** `%`, `_` and `\` typed by staff are searched for, not used as patterns. */
function toLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE clause of the filters, with its parameters (also used by the CSV export). */
function toWhere(filters: DeskFilters): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filters.status) add((n) => `o.status = ${n}`, filters.status);
  // Dates are the store's days (Asunción), as staff read them on the orders.
  if (filters.de) add((n) => `o.created_at >= (${n}::date)::timestamp AT TIME ZONE 'America/Asuncion'`, filters.de);
  if (filters.ate) add((n) => `o.created_at < (${n}::date + 1)::timestamp AT TIME ZONE 'America/Asuncion'`, filters.ate);
  // The storefront the order was placed on: br.* sells in Portuguese, es.* in Spanish.
  if (filters.host) add((n) => `(CASE WHEN o.locale = 'pt-BR' THEN 'br' ELSE 'es' END) = ${n}`, filters.host);
  if (filters.entrega) add((n) => `o.delivery_type = ${n}`, filters.entrega);
  if (filters.pago) add((n) => `(o.paid_at IS NOT NULL) = (${n} = 'sim')`, filters.pago);
  if (filters.q) {
    const q = filters.q;
    const digits = q.replace(/\D/g, '');
    params.push(q, toLikePattern(q), digits);
    const [text, like, numeric] = [params.length - 2, params.length - 1, params.length].map((index) => `$${index}`);
    clauses.push(`(o.number::text = ${numeric} AND ${numeric} <> ''
      OR o.pickup_code = upper(regexp_replace(${text}, '[\\s-]', '', 'g'))
      OR c.email ILIKE ${like}
      OR (c.first_name || ' ' || c.last_name) ILIKE ${like}
      OR (${numeric} <> '' AND length(${numeric}) >= 5 AND regexp_replace(c.document, '\\D', '', 'g') = ${numeric}))`);
  }
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}

export function createOrderDeskRepository() {
  return {
    async listOrders(db: Queryable, filters: DeskFilters): Promise<{ rows: DeskListRow[]; total: number; totals: DeskCurrencyTotal[] }> {
      const { where, params } = toWhere(filters);
      const page = filters.pagina ?? 1;
      const [list, counted] = await Promise.all([
        db.query<DeskListRow>(
          `SELECT ${LIST_COLUMNS} ${FROM} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${DESK_PAGE_SIZE} OFFSET ${(page - 1) * DESK_PAGE_SIZE}`,
          params,
        ),
        // Every matching order is counted; only sales are summed (PAID_ORDER_STATUSES).
        db.query<DeskCurrencyTotal & { count: number; paid_count: number }>(
          `SELECT o.currency_id, cur.iso_code, cur.decimals, count(*)::int AS count,
                  count(*) FILTER (WHERE o.status = ANY($${params.length + 1}))::int AS paid_count,
                  coalesce(sum(o.total_minor) FILTER (WHERE o.status = ANY($${params.length + 1})), 0)::bigint AS total_minor ${FROM}
            WHERE ${where} GROUP BY o.currency_id, cur.iso_code, cur.decimals ORDER BY o.currency_id`,
          [...params, PAID_ORDER_STATUSES],
        ),
      ]);
      return {
        rows: list.rows,
        total: counted.rows.reduce((sum, row) => sum + row.count, 0),
        totals: counted.rows.filter((row) => row.paid_count > 0).map(({ count: _count, paid_count: _paid, ...total }) => total),
      };
    },

    /** Every order the filters match, for the CSV export (capped: the export is not a backup). */
    async listAllOrders(db: Queryable, filters: DeskFilters, cap: number): Promise<DeskListRow[]> {
      const { where, params } = toWhere(filters);
      return (
        await db.query<DeskListRow>(
          `SELECT ${LIST_COLUMNS} ${FROM} WHERE ${where}
          ORDER BY o.created_at DESC, o.id DESC LIMIT ${cap}`,
          params,
        )
      ).rows;
    },

    async getOrder(db: Queryable, where: { number: number } | { pickupCode: string }): Promise<DeskOrderRow | null> {
      const [clause, value] = 'number' in where ? ['o.number = $1', where.number] : ['o.pickup_code = $1', where.pickupCode];
      const { rows } = await db.query<DeskOrderRow>(
        `SELECT ${LIST_COLUMNS}, o.external_id, o.items_total_minor, o.shipping_minor, o.delivery_description, o.delivery_service_name_pt,
                o.delivery_service_name_es, o.pickup_point_name, o.pickup_point_address, o.delivery_address, o.alternative_city,
                o.tracking_note, o.payment_method, o.installments, c.phone, c.foreign_buyer, c.identity, o.customer_id, c.uuid AS customer_uuid
           ${FROM} WHERE ${clause}`,
        [value],
      );
      return rows[0] ?? null;
    },

    async getOrderParts(db: Queryable, orderId: number) {
      const [items, payments, history, refunds] = await Promise.all([
        db.query<DeskItemRow>(
          `SELECT i.position, i.product_code, i.name_pt, i.name_es, i.quantity, i.unit_price_minor, i.subtotal_minor, i.image_url,
                  coalesce((SELECT sum(l.quantity) FROM order_refund_lines l WHERE l.order_id = i.order_id AND l.position = i.position), 0)::int
                    AS refunded_quantity
             FROM order_items i WHERE i.order_id = $1 ORDER BY i.position`,
          [orderId],
        ),
        db.query<DeskPaymentRow>(
          `SELECT provider, reference, provider_payment_id, status, amount_minor, currency_id, method, installments, created_at, paid_at, refunded_at,
                  refund_state, refund_method, staff_notice
             FROM payments WHERE order_id = $1 ORDER BY id`,
          [orderId],
        ),
        db.query<DeskHistoryRow>(
          'SELECT from_status, to_status, staff_id, staff_email, note, created_at FROM order_status_history WHERE order_id = $1 ORDER BY id',
          [orderId],
        ),
        db.query<DeskRefundRow>(
          `SELECT r.id, r.amount_minor, r.state, r.reason, r.staff_email, r.refund_method, r.created_at, r.refunded_at,
                  (SELECT json_agg(json_build_object('quantity', l.quantity, 'product_code', i.product_code, 'name_pt', i.name_pt,
                                                     'name_es', i.name_es) ORDER BY l.position)
                     FROM order_refund_lines l JOIN order_items i ON i.order_id = l.order_id AND i.position = l.position
                    WHERE l.refund_id = r.id) AS lines
             FROM order_refunds r WHERE r.order_id = $1 ORDER BY r.id`,
          [orderId],
        ),
      ]);
      return { items: items.rows, payments: payments.rows, history: history.rows, refunds: refunds.rows };
    },

    /** The order row locked for this transaction: a second click waits here, then sees the new status. */
    async lockOrder(tx: Queryable, number: number): Promise<LockedOrder | null> {
      const { rows } = await tx.query<LockedOrder>(
        'SELECT id, number, status, delivery_type, tracking_note FROM orders WHERE number = $1 FOR UPDATE',
        [number],
      );
      return rows[0] ?? null;
    },

    /** Who changes the status and why, read by the history trigger (migration 0510); ends with the transaction. */
    async setStatusAuthor(tx: Queryable, author: { staffId: number; staffEmail: string; note: string | null }): Promise<void> {
      await tx.query(
        `SELECT set_config('fronteira.staff_id', $1, true), set_config('fronteira.staff_email', $2, true), set_config('fronteira.status_note', $3, true)`,
        [String(author.staffId), author.staffEmail, author.note ?? ''],
      );
    },

    async setStatus(tx: Queryable, orderId: number, status: string, now: Date, trackingNote?: string | null): Promise<void> {
      await tx.query('UPDATE orders SET status = $2, updated_at = $3, tracking_note = COALESCE($4, tracking_note) WHERE id = $1', [
        orderId,
        status,
        now,
        trackingNote ?? null,
      ]);
    },

    async listOrderNotes(db: Queryable, orderId: number): Promise<StaffNoteRow[]> {
      const { rows } = await db.query<StaffNoteRow>(
        'SELECT staff_email, body, created_at FROM staff_notes WHERE order_id = $1 ORDER BY created_at, id',
        [orderId],
      );
      return rows;
    },

    async insertOrderNote(
      tx: Queryable,
      note: { orderId: number; staffId: number; staffEmail: string; body: string; now: Date },
    ): Promise<void> {
      await tx.query('INSERT INTO staff_notes (order_id, staff_id, staff_email, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
        note.orderId,
        note.staffId,
        note.staffEmail,
        note.body,
        note.now,
      ]);
    },
  };
}
export type OrderDeskRepository = ReturnType<typeof createOrderDeskRepository>;
