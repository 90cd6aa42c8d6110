import type { Queryable } from '../db/client.ts';

/** The store's day: figures by day are Asunción's, as staff read the orders (order desk). */
const STORE_TZ = 'America/Asuncion';

export interface SalesTotalRow {
  host: 'br' | 'es';
  currency_id: number;
  decimals: number;
  orders: number;
  total_minor: number;
}
export interface DailySalesRow {
  day: string;
  currency_id: number;
  decimals: number;
  orders: number;
  total_minor: number;
}
export interface SetupCountsRow {
  delivery_rates: number;
  pickup_points: number;
  products_with_pictures: number;
}

const HOST = `CASE WHEN o.locale = 'pt-BR' THEN 'br' ELSE 'es' END`;

export function createPanelHomeRepository() {
  return {
    /** Paid sales since the start of the store's day, or of its month, per storefront and currency. */
    async sumPaidSales(db: Queryable, paidStatuses: readonly string[], period: 'day' | 'month', now: Date): Promise<SalesTotalRow[]> {
      const { rows } = await db.query<SalesTotalRow>(
        `SELECT ${HOST} AS host, o.currency_id, cur.decimals, count(*)::int AS orders, sum(o.total_minor)::bigint AS total_minor
           FROM orders o JOIN currencies cur ON cur.id = o.currency_id
          WHERE o.status = ANY($1) AND o.paid_at >= date_trunc($2, $3::timestamptz AT TIME ZONE '${STORE_TZ}') AT TIME ZONE '${STORE_TZ}'
          GROUP BY 1, o.currency_id, cur.decimals ORDER BY 1, o.currency_id`,
        [paidStatuses, period, now],
      );
      return rows;
    },

    /** Paid sales per store day over the last `days` days (today included), per currency. */
    async listDailyPaidSales(db: Queryable, paidStatuses: readonly string[], days: number, now: Date): Promise<DailySalesRow[]> {
      const { rows } = await db.query<DailySalesRow>(
        `SELECT to_char(o.paid_at AT TIME ZONE '${STORE_TZ}', 'YYYY-MM-DD') AS day, o.currency_id, cur.decimals,
                count(*)::int AS orders, sum(o.total_minor)::bigint AS total_minor
           FROM orders o JOIN currencies cur ON cur.id = o.currency_id
          WHERE o.status = ANY($1)
            AND o.paid_at >= (date_trunc('day', $3::timestamptz AT TIME ZONE '${STORE_TZ}') - ($2::int - 1) * interval '1 day') AT TIME ZONE '${STORE_TZ}'
          GROUP BY 1, o.currency_id, cur.decimals ORDER BY 1, o.currency_id`,
        [paidStatuses, days, now],
      );
      return rows;
    },

    /** Orders in one of `statuses` with one of `deliveryTypes` (the desk's work queues). */
    async countOrders(db: Queryable, statuses: readonly string[], deliveryTypes: readonly string[]): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE status = ANY($1) AND delivery_type = ANY($2)',
        [statuses, deliveryTypes],
      );
      return rows[0]?.n ?? 0;
    },

    /** What the setup checklist reads of the store's data. */
    async getSetupCounts(db: Queryable): Promise<SetupCountsRow> {
      const { rows } = await db.query<SetupCountsRow>(
        `SELECT (SELECT count(*) FROM delivery_rates)::int AS delivery_rates,
                (SELECT count(*) FROM pickup_points WHERE active)::int AS pickup_points,
                (SELECT count(*) FROM products WHERE jsonb_array_length(images) > 0)::int AS products_with_pictures`,
      );
      return rows[0]!;
    },
  };
}
