import type pg from 'pg';
import type { OrderEventKind } from '#lib/contract/erp-api.ts';
import type { PanelLocale } from '#lib/i18n/panel.ts';
import type { Queryable } from '../db/client.ts';

/** How long one bulk statement may run (the shop's own statements get PG_STATEMENT_TIMEOUT_MS). */
const BULK_STATEMENT_TIMEOUT_MS = 60_000;

/** The statement with the client's own wait raised to match (node-pg reads `query_timeout`; its types omit it). */
/** How long the client waits for a bulk statement: the server's own bound, a little later. */
export const BULK_QUERY_TIMEOUT_MS = BULK_STATEMENT_TIMEOUT_MS + 1000;

function toBulkQuery(query: pg.QueryConfig): pg.QueryConfig {
  return Object.assign(query, { query_timeout: BULK_QUERY_TIMEOUT_MS });
}

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  /** The language of the key's answers (migration 1161). */
  locale: PanelLocale;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_by_email: string | null;
  /** The admin a disabled creator's key was handed to (null: still its creator's). */
  handed_to_email: string | null;
}
export interface ActiveKey {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  locale: PanelLocale;
  last_used_at: Date | null;
}
export interface HeldKey {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
}
export interface StoredAnswer {
  request_hash: Buffer;
  status: number;
  body: unknown;
}
/** What one row of a bulk call did: 'unknown' (no such codigo), 'invalid', 'unchanged', 'updated'. */
export interface RowOutcome {
  row_no: number;
  product_id: number | null;
  outcome: 'unknown' | 'invalid' | 'unchanged' | 'updated';
}

/** One row of the order events feed (order_events, migration 1160) with its order's reference. */
export interface OrderEventRow {
  id: number;
  xid: string;
  kind: OrderEventKind;
  status: string;
  note: string | null;
  detail: { valor?: number; itens?: { codigo: string; quantidade: number }[] } | null;
  created_at: Date;
  number: number;
  external_id: string;
  iso_code: string;
  decimals: number;
}

export interface PaidOrderRow {
  id: number;
  paid_xid: string;
  number: number;
  external_id: string;
  status: string;
  created_at: Date;
  paid_at: Date;
  iso_code: string;
  decimals: number;
  items_total_minor: number;
  shipping_minor: number;
  total_minor: number;
  buyer_name: string;
  email: string;
  document_type: string;
  document: string;
  phone: string;
  delivery_type: 'delivery' | 'pickup' | 'pickup_point';
  delivery_description: string;
  delivery_address: Record<string, unknown> | null;
}
export interface PaidItemRow {
  order_id: number;
  product_code: string;
  name_pt: string;
  name_es: string;
  quantity: number;
  unit_price_minor: number;
  subtotal_minor: number;
}
export interface PaidPaymentRow {
  order_id: number;
  provider: string;
  reference: string;
  provider_payment_id: string | null;
  status: string;
  amount_minor: number;
  method: string;
  installments: number;
  paid_at: Date | null;
}

const KEY_COLUMNS = `k.id, k.name, k.prefix, k.scopes, k.locale, k.created_at, k.last_used_at, k.revoked_at`;

export function createErpRepository() {
  return {
    async insertKey(
      db: Queryable,
      key: { name: string; prefix: string; hash: Buffer; scopes: string[]; locale: PanelLocale; staffId: number },
    ): Promise<ApiKeyRow> {
      const { rows } = await db.query<ApiKeyRow>(
        `INSERT INTO api_keys AS k (name, prefix, key_hash, scopes, locale, created_by) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ${KEY_COLUMNS}, NULL::text AS created_by_email, NULL::text AS handed_to_email`,
        [key.name, key.prefix, key.hash, key.scopes, key.locale, key.staffId],
      );
      return rows[0]!;
    },

    async listKeys(db: Queryable): Promise<ApiKeyRow[]> {
      const { rows } = await db.query<ApiKeyRow>(
        `SELECT ${KEY_COLUMNS}, s.email AS created_by_email, h.email AS handed_to_email
           FROM api_keys k LEFT JOIN staff s ON s.id = k.created_by LEFT JOIN staff h ON h.id = k.handed_to
          ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC, k.id DESC LIMIT 500`,
      );
      return rows;
    },

    /** Revokes a live key; null when there is none with this id (or it was already revoked). */
    async revokeKey(db: Queryable, id: number, staffId: number): Promise<ApiKeyRow | null> {
      const { rows } = await db.query<ApiKeyRow>(
        `UPDATE api_keys AS k SET revoked_at = now(), revoked_by = $2 WHERE k.id = $1 AND k.revoked_at IS NULL
         RETURNING ${KEY_COLUMNS}, NULL::text AS created_by_email, NULL::text AS handed_to_email`,
        [id, staffId],
      );
      return rows[0] ?? null;
    },

    /** A live key whose holder (the admin it was handed to, else its creator) is not disabled. */
    async findActiveKey(db: Queryable, hash: Buffer): Promise<ActiveKey | null> {
      const { rows } = await db.query<ActiveKey>(
        `SELECT k.id, k.name, k.prefix, k.scopes, k.locale, k.last_used_at FROM api_keys k
           LEFT JOIN staff holder ON holder.id = coalesce(k.handed_to, k.created_by)
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND holder.disabled_at IS NULL`,
        [hash],
      );
      return rows[0] ?? null;
    },

    /** The live keys a staff member holds (created and not handed on, or handed to them). */
    async selectKeysHeldBy(db: Queryable, staffId: number): Promise<HeldKey[]> {
      const { rows } = await db.query<HeldKey>(
        `SELECT id, name, prefix, scopes FROM api_keys
          WHERE coalesce(handed_to, created_by) = $1 AND revoked_at IS NULL ORDER BY id FOR UPDATE`,
        [staffId],
      );
      return rows;
    },

    /** Live keys per holder, for the staff list. */
    async countKeysByHolder(db: Queryable): Promise<Map<number, number>> {
      const { rows } = await db.query<{ holder: number; keys: number }>(
        `SELECT coalesce(handed_to, created_by)::int AS holder, count(*)::int AS keys FROM api_keys
          WHERE revoked_at IS NULL AND coalesce(handed_to, created_by) IS NOT NULL GROUP BY 1`,
      );
      return new Map(rows.map((row) => [row.holder, row.keys]));
    },

    async revokeKeysHeldBy(db: Queryable, holderId: number, byStaffId: number | null): Promise<void> {
      await db.query(
        `UPDATE api_keys SET revoked_at = now(), revoked_by = $2 WHERE coalesce(handed_to, created_by) = $1 AND revoked_at IS NULL`,
        [holderId, byStaffId],
      );
    },

    async handKeysOver(db: Queryable, holderId: number, toStaffId: number): Promise<void> {
      await db.query(
        `UPDATE api_keys SET handed_to = $2, handed_at = now() WHERE coalesce(handed_to, created_by) = $1 AND revoked_at IS NULL`,
        [holderId, toStaffId],
      );
    },

    async touchKey(db: Queryable, id: number): Promise<void> {
      await db.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [id]);
    },

    async findAnswer(db: Queryable, keyId: number, idempotencyKey: string): Promise<StoredAnswer | null> {
      const { rows } = await db.query<StoredAnswer>(
        `SELECT request_hash, status, body FROM api_idempotency
          WHERE api_key_id = $1 AND idempotency_key = $2 AND created_at > now() - interval '24 hours'`,
        [keyId, idempotencyKey],
      );
      return rows[0] ?? null;
    },

    async saveAnswer(db: Queryable, keyId: number, idempotencyKey: string, answer: StoredAnswer): Promise<void> {
      await db.query(`DELETE FROM api_idempotency WHERE created_at < now() - interval '24 hours'`);
      await db.query(
        `INSERT INTO api_idempotency (api_key_id, idempotency_key, request_hash, status, body) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (api_key_id, idempotency_key) DO UPDATE SET request_hash = EXCLUDED.request_hash, status = EXCLUDED.status,
           body = EXCLUDED.body, created_at = now()`,
        [keyId, idempotencyKey, answer.request_hash, answer.status, JSON.stringify(answer.body)],
      );
    },

    /**
     * A bulk call of 5,000 rows updates 5,000 products and their ~20 indexes: on a loaded machine
     * that can pass the pool's short statement timeout, which is set for the shop's own requests.
     * Bulk statements get their own bound (this transaction only).
     */
    async allowBulkStatements(tx: Queryable): Promise<void> {
      await tx.query(`SET LOCAL statement_timeout = ${BULK_STATEMENT_TIMEOUT_MS}`);
    },

    /** The decimals of each known product's currency, by codigo (a price without moeda is read in them). */
    async selectCurrencyDecimals(db: Queryable, codes: string[]): Promise<Map<string, number>> {
      if (codes.length === 0) return new Map();
      const { rows } = await db.query<{ code: string; decimals: number }>(
        'SELECT p.code, c.decimals FROM products p JOIN currencies c ON c.id = p.currency_id WHERE p.code = ANY($1::text[])',
        [codes],
      );
      return new Map(rows.map((row) => [row.code, row.decimals]));
    },

    /** Sets prices by codigo in one statement; a price with more decimals than its currency is 'invalid'. */
    async setPrices(
      db: Queryable,
      rows: { rowNo: number[]; codes: string[]; prices: string[]; currencies: (string | null)[] },
    ): Promise<RowOutcome[]> {
      const { rows: outcomes } = await db.query<RowOutcome>(
        toBulkQuery({
          text: `WITH input AS (
           SELECT * FROM unnest($1::int[], $2::text[], $3::numeric[], $4::text[]) AS i(row_no, code, price, iso)
         ), target AS (
           SELECT i.row_no, p.id, cur.id AS currency_id, i.price * power(10::numeric, cur.decimals) AS minor
             FROM input i LEFT JOIN products p ON p.code = i.code
             LEFT JOIN currencies cur ON cur.id = CASE WHEN i.iso IS NULL THEN p.currency_id ELSE (SELECT c.id FROM currencies c WHERE c.iso_code = i.iso) END
         ), updated AS (
           UPDATE products p SET price_minor = t.minor::bigint, currency_id = t.currency_id FROM target t
            WHERE p.id = t.id AND t.minor = trunc(t.minor) AND (p.price_minor, p.currency_id) IS DISTINCT FROM (t.minor::bigint, t.currency_id)
           RETURNING p.id
         )
         SELECT t.row_no, t.id AS product_id,
                CASE WHEN t.id IS NULL THEN 'unknown' WHEN t.minor IS NULL OR t.minor <> trunc(t.minor) THEN 'invalid'
                     WHEN u.id IS NULL THEN 'unchanged' ELSE 'updated' END AS outcome
           FROM target t LEFT JOIN updated u ON u.id = t.id ORDER BY t.row_no`,
          values: [rows.rowNo, rows.codes, rows.prices, rows.currencies],
        }),
      );
      return outcomes;
    },

    /** Paid orders after (xid, id) whose paying transaction is older than any still running. */
    async selectPaidOrders(db: Queryable, after: { xid: string; id: number }, limit: number): Promise<PaidOrderRow[]> {
      const { rows } = await db.query<PaidOrderRow>(
        `SELECT o.id, o.paid_xid::text AS paid_xid, o.number, o.external_id, o.status, o.created_at, o.paid_at, cur.iso_code, cur.decimals,
                o.items_total_minor, o.shipping_minor, o.total_minor, btrim(c.first_name || ' ' || c.last_name) AS buyer_name, c.email,
                c.document_type, c.document, coalesce(c.phone, '') AS phone, o.delivery_type, o.delivery_description, o.delivery_address
           FROM orders o JOIN customers c ON c.id = o.customer_id JOIN currencies cur ON cur.id = o.currency_id
          WHERE o.paid_xid IS NOT NULL AND o.paid_xid < pg_snapshot_xmin(pg_current_snapshot())
            AND (o.paid_xid, o.id) > ($1::xid8, $2::bigint)
          ORDER BY o.paid_xid, o.id LIMIT $3`,
        [after.xid, after.id, limit],
      );
      return rows;
    },

    /** Order events after (xid, id) whose writing transaction is older than any still running (as selectPaidOrders). */
    async selectOrderEvents(db: Queryable, after: { xid: string; id: number }, limit: number): Promise<OrderEventRow[]> {
      const { rows } = await db.query<OrderEventRow>(
        `SELECT e.id::int, e.xid::text AS xid, e.kind, e.status, e.note, e.detail, e.created_at, o.number, o.external_id, cur.iso_code, cur.decimals
           FROM order_events e JOIN orders o ON o.id = e.order_id JOIN currencies cur ON cur.id = o.currency_id
          WHERE e.xid < pg_snapshot_xmin(pg_current_snapshot()) AND (e.xid, e.id) > ($1::xid8, $2::bigint)
          ORDER BY e.xid, e.id LIMIT $3`,
        [after.xid, after.id, limit],
      );
      return rows;
    },

    async selectItems(db: Queryable, orderIds: number[]): Promise<PaidItemRow[]> {
      const { rows } = await db.query<PaidItemRow>(
        `SELECT order_id, product_code, name_pt, name_es, quantity, unit_price_minor, subtotal_minor FROM order_items
          WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position`,
        [orderIds],
      );
      return rows;
    },

    async selectPayments(db: Queryable, orderIds: number[]): Promise<PaidPaymentRow[]> {
      const { rows } = await db.query<PaidPaymentRow>(
        `SELECT order_id, provider, reference, provider_payment_id, status, amount_minor, method, installments, paid_at FROM payments
          WHERE order_id = ANY($1::bigint[]) AND paid_at IS NOT NULL ORDER BY order_id, id`,
        [orderIds],
      );
      return rows;
    },
  };
}

export type ErpRepository = ReturnType<typeof createErpRepository>;
