import { isDatabaseUnavailable, type Queryable } from '../db/client.ts';

/**
 * Every SQL statement on stock (decision 1310): `products.stock` (what is available now,
 * reservations already taken off) and `stock_reservations` (what open checkouts hold), and the
 * cart's write checked against the stock it read (cart_write_lines_if_current). No other
 * repository names them (`npm run lint` refuses it). Product rows are locked in id order by
 * every writer here (FOR NO KEY UPDATE: order lines of checkouts hold KEY SHARE locks on them),
 * so two writers never wait on each other in a circle.
 *
 * Reads that show a product's stock beside its other fields (product pages, favourites, the
 * cart's view, the panel's product list) stay one statement: they put these fragments in their
 * SELECT list instead of naming the column.
 */

/** A product's stock count, for a SELECT list (`alias` is the products table's alias). */
export function stockColumnSql(alias: string): string {
  return `${alias}.stock`;
}

/** What a product can still be sold of: its stock, or none when it was taken off the shop (issue 20). */
export function availableStockSql(alias: string): string {
  return `CASE WHEN ${alias}.active THEN ${alias}.stock ELSE 0 END`;
}

/** When an order's reservation ends (its first line's end), for a SELECT list; null without one. */
export function reservationEndSql(orderIdSql: string): string {
  return `(SELECT min(r.expires_at) FROM stock_reservations r WHERE r.order_id = ${orderIdSql})`;
}

/** A product as a cart line is checked against: what it shows and what is left of it. */
export interface ProductForSale {
  id: number;
  slug: string;
  code: string;
  name: string;
  images: Array<{ url: string }>;
  /** Available now: 0 for a product taken off the shop. */
  stock: number;
  show_price: boolean;
  price_minor: number;
  currency_id: number;
}

export async function readProductsForSale(db: Queryable, productIds: number[], lang: 'pt' | 'es'): Promise<Map<number, ProductForSale>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await db.query<ProductForSale>(
    `SELECT id, slug, code, ${lang === 'es' ? 'name_es' : 'name_pt'} AS name, images, ${availableStockSql('products')} AS stock,
            show_price, price_minor, currency_id
       FROM products WHERE id = ANY($1::int[])`,
    [productIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A cart change as the parameters of cart_write_lines (migration 1180), named as the fields of the
 * `cart_write` type, in that order. The cart builds it; the inventory writes it only while the
 * products it was checked against are as they were read (writeCartLinesIfCurrent).
 */
export interface CartLinesWrite {
  external_id: string;
  cart_id: number | null;
  customer_id: number | null;
  currency_id: number;
  product_ids: number[];
  warehouse_ids: number[];
  quantities: number[];
  prices: number[];
  active: boolean[];
  /** The version the change was made from; null: a change per line. */
  version: number | null;
  removed_ids: number[];
}

/** A product a cart change was checked against moved (its stock, price or currency) or is gone: nothing was written. */
export interface ProductsMoved {
  status: 409;
}

/** The products a change was checked against, as cart_write_lines_if_current's last parameters, in order. */
function toSeenColumns(seen: Map<number, ProductForSale>) {
  const products = [...seen.values()];
  return {
    seen_ids: products.map((product) => product.id),
    seen_stock: products.map((product) => product.stock),
    seen_prices: products.map((product) => product.price_minor),
    seen_currencies: products.map((product) => product.currency_id),
  };
}

const CART_WRITE_PARAMS =
  '$1::text, $2::bigint, $3::bigint, $4::smallint, $5::int[], $6::smallint[], $7::int[], $8::bigint[], $9::boolean[], $10::int, $11::int[]';

/**
 * The cart's one write (decision 1310), checked against stock in the same statement: only if
 * every product in `seen` still has the stock (and price and currency) the lines were checked
 * against, cart_write_lines locks the cart, checks the caller and version, and writes `write`;
 * otherwise 409 and nothing written. One round trip (migrations 0207, 1180). `Written` is
 * cart_write_lines' own answer (the cart's rows or its refusal), which the cart types.
 */
export async function writeCartLinesIfCurrent<Written>(
  db: Queryable,
  write: CartLinesWrite,
  seen: Map<number, ProductForSale>,
): Promise<Written | ProductsMoved> {
  const { rows } = await db.query<{ result: Written | ProductsMoved }>({
    name: 'cart-write-lines-if-current',
    text: `SELECT cart_write_lines_if_current(${CART_WRITE_PARAMS}, $12::int[], $13::int[], $14::bigint[], $15::smallint[]) AS result`,
    values: [...Object.values(write), ...Object.values(toSeenColumns(seen))],
  });
  return (rows[0] as { result: Written | ProductsMoved }).result;
}

/** One change for cart_write_lines_batch: the write, and the products it was checked against. */
export interface CheckedCartWrite {
  write: CartLinesWrite;
  seen: Map<number, ProductForSale>;
}

/**
 * writeCartLinesIfCurrent for several changes in one round trip and one transaction (migrations
 * 0208, 1180), made in the order given: one answer per change, in that order. Throws, having kept
 * none of them, when any change raises.
 */
export async function writeCartLinesBatch<Written>(db: Queryable, writes: CheckedCartWrite[]): Promise<Array<Written | ProductsMoved>> {
  const rows = writes.map(({ write, seen }) => ({ ...write, ...toSeenColumns(seen) }));
  const {
    rows: [row],
  } = await db.query<{ answers: Array<Written | ProductsMoved> }>({
    name: 'cart-write-lines-batch',
    text: 'SELECT cart_write_lines_batch($1::json) AS answers',
    values: [JSON.stringify(rows)],
  });
  return (row as { answers: Array<Written | ProductsMoved> }).answers;
}

/**
 * Cart changes checked against recently read products, written in batches (decision 0208). At
 * most MAX_BATCHES_IN_FLIGHT round trips carry these writes at once; a change arriving while they
 * are all busy waits for the next one, which takes everything waiting (up to MAX_BATCH_SIZE). A
 * quiet shop sends each change alone, at once; a busy one pays one round trip, one transaction
 * and one wake-up of the database per batch instead of per change (sequentially measured: about
 * half the cost of a change).
 *
 * A batch is one transaction: when one of its changes raises, none is kept and each is made again
 * alone, so that only the change at fault fails.
 */
const MAX_BATCHES_IN_FLIGHT = 2;
const MAX_BATCH_SIZE = 25;

/** cart_write_lines' answer as it comes back (the cart types it: see writeCartLinesIfCurrent). */
type Answer = unknown;

interface Waiting extends CheckedCartWrite {
  resolve(result: Answer): void;
  reject(error: unknown): void;
}

function createCartWriteBatches(db: Queryable) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  async function writeAlone(waiter: Waiting): Promise<void> {
    try {
      waiter.resolve(await writeCartLinesIfCurrent<Answer>(db, waiter.write, waiter.seen));
    } catch (error) {
      waiter.reject(error);
    }
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return writeAlone(batch[0] as Waiting);
    // Carts are locked in external-id order, the same in every batch (sort is stable: two
    // changes of one cart keep their order, the later one wins).
    const ordered = [...batch].sort((a, b) =>
      a.write.external_id < b.write.external_id ? -1 : a.write.external_id > b.write.external_id ? 1 : 0,
    );
    try {
      const results = await writeCartLinesBatch<Answer>(db, ordered);
      ordered.forEach((waiter, index) => waiter.resolve(results[index]));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const waiter of ordered) waiter.reject(error);
        return;
      }
      await Promise.all(ordered.map(writeAlone));
    }
  }

  function sendWaiting(): void {
    while (inFlight < MAX_BATCHES_IN_FLIGHT && waiting.length > 0) {
      inFlight += 1;
      void writeBatch(waiting.splice(0, MAX_BATCH_SIZE)).finally(() => {
        inFlight -= 1;
        sendWaiting();
      });
    }
  }

  return {
    /** writeCartLinesIfCurrent, in the next batch. */
    write<Written>(write: CartLinesWrite, seen: Map<number, ProductForSale>): Promise<Written | ProductsMoved> {
      return new Promise((resolve, reject) => {
        waiting.push({ write, seen, resolve: (answer) => resolve(answer as Written | ProductsMoved), reject });
        sendWaiting();
      });
    },
  };
}

type CartWriteBatches = ReturnType<typeof createCartWriteBatches>;

const batchesByDatabase = new WeakMap<Queryable, CartWriteBatches>();

/** The batches of writes to `db` (one queue per pool, kept for the process). */
export function getCartWriteBatches(db: Queryable): CartWriteBatches {
  let batches = batchesByDatabase.get(db);
  if (!batches) {
    batches = createCartWriteBatches(db);
    batchesByDatabase.set(db, batches);
  }
  return batches;
}

/** Product rows in id order, as every stock writer here takes them (no deadlocks). */
export async function lockProducts(tx: Queryable, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.query('SELECT 1 FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE', [productIds]);
}

/**
 * Takes every line's quantity off the shelf and reserves it for `reservation.orderId` until
 * `reservation.expiresAt`, in the statement that takes it; answers the lines that did not fit,
 * with what is available (nothing taken or reserved then: the caller rolls back). A product
 * taken off the shop has none. One line: one conditional update. Several: the rows are locked
 * in id order first (a single UPDATE ... FROM locks in whatever order its plan visits rows),
 * checked, then updated together.
 */
export async function takeAndReserve(
  tx: Queryable,
  lines: Array<{ productId: number; quantity: number }>,
  reservation: { orderId: number; expiresAt: Date },
): Promise<Array<{ productId: number; available: number }>> {
  const [only] = lines;
  if (!only) return [];
  if (lines.length === 1) {
    const taken = await tx.query(
      `WITH taken AS (UPDATE products SET stock = stock - $2 WHERE id = $1 AND active AND stock >= $2 RETURNING id)
       INSERT INTO stock_reservations (order_id, product_id, quantity, expires_at) SELECT $3, id, $2, $4 FROM taken`,
      [only.productId, only.quantity, reservation.orderId, reservation.expiresAt],
    );
    if (taken.rowCount === 1) return [];
    const { rows } = await tx.query<{ available: number }>(
      `SELECT ${availableStockSql('products')} AS available FROM products WHERE id = $1`,
      [only.productId],
    );
    return [{ productId: only.productId, available: rows[0]?.available ?? 0 }];
  }
  const wanted = JSON.stringify(lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })));
  const { rows } = await tx.query<{ product_id: number; available: number }>(
    `SELECT p.id AS product_id, ${availableStockSql('p')} AS available
       FROM products p JOIN jsonb_to_recordset($1::jsonb) AS w(product_id int, quantity int) ON w.product_id = p.id
      ORDER BY p.id FOR NO KEY UPDATE OF p`,
    [wanted],
  );
  const short = lines
    .map((line) => ({ productId: line.productId, available: rows.find((row) => row.product_id === line.productId)?.available ?? 0, line }))
    .filter(({ available, line }) => available < line.quantity)
    .map(({ productId, available }) => ({ productId, available }));
  if (short.length > 0) return short;
  await tx.query(
    `WITH w AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(product_id int, quantity int)),
     taken AS (UPDATE products p SET stock = p.stock - w.quantity FROM w WHERE p.id = w.product_id)
     INSERT INTO stock_reservations (order_id, product_id, quantity, expires_at) SELECT $2, w.product_id, w.quantity, $3 FROM w`,
    [wanted, reservation.orderId, reservation.expiresAt],
  );
  return [];
}

/** The products whose stock these orders still hold (to lock with others, in id order). */
export async function getHeldProducts(tx: Queryable, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await tx.query<{ product_id: number }>(
    `SELECT DISTINCT product_id FROM stock_reservations
      WHERE order_id = ANY($1::bigint[]) AND released_at IS NULL AND consumed_at IS NULL`,
    [orderIds],
  );
  return rows.map((row) => Number(row.product_id));
}

/** Gives the stock unpaid orders still hold back (their products already locked). */
export async function releaseHeldStock(tx: Queryable, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.query(
    `WITH released AS (
       UPDATE stock_reservations SET released_at = $2
        WHERE order_id = ANY($1::bigint[]) AND released_at IS NULL AND consumed_at IS NULL
       RETURNING product_id, quantity),
     totals AS (SELECT product_id, SUM(quantity)::int AS quantity FROM released GROUP BY product_id)
     UPDATE products p SET stock = p.stock + t.quantity FROM totals t WHERE p.id = t.product_id`,
    [orderIds, now],
  );
}

/**
 * Gives back the stock an order holds: every reservation line not yet released, whether still
 * held (unpaid) or consumed by a payment (a refund). Product rows are locked in id order first;
 * the update below would visit them in any order.
 */
export async function returnOrderStock(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await tx.query(
    `SELECT 1 FROM products WHERE id IN (SELECT product_id FROM stock_reservations WHERE order_id = $1
        AND released_at IS NULL) ORDER BY id FOR NO KEY UPDATE`,
    [orderId],
  );
  await tx.query(
    `WITH released AS (
       UPDATE stock_reservations SET released_at = $2 WHERE order_id = $1 AND released_at IS NULL
       RETURNING product_id, quantity)
     UPDATE products p SET stock = p.stock + r.quantity FROM released r WHERE p.id = r.product_id`,
    [orderId, now],
  );
}

/**
 * Gives back the stock of refunded quantities of an order's lines: the same reservation rows a
 * whole refund releases (returnOrderStock) hold that much less, released when nothing is left, so
 * a later whole refund returns only the rest. Products locked in id order.
 */
export async function returnLineStock(
  tx: Queryable,
  orderId: number,
  lines: Array<{ position: number; quantity: number }>,
  now: Date,
): Promise<void> {
  const refunded = JSON.stringify(lines);
  const LINES_SQL = `SELECT i.product_id, line.quantity FROM jsonb_to_recordset($2::jsonb) AS line(position smallint, quantity integer)
                       JOIN order_items i ON i.order_id = $1 AND i.position = line.position`;
  await tx.query(`SELECT 1 FROM products WHERE id IN (SELECT product_id FROM (${LINES_SQL}) l) ORDER BY id FOR NO KEY UPDATE`, [
    orderId,
    refunded,
  ]);
  await tx.query(
    `WITH refunded AS (${LINES_SQL}),
     released AS (
       UPDATE stock_reservations r
          SET quantity = CASE WHEN r.quantity > l.quantity THEN r.quantity - l.quantity ELSE r.quantity END,
              released_at = CASE WHEN r.quantity > l.quantity THEN NULL ELSE $3::timestamptz END
         FROM refunded l WHERE r.order_id = $1 AND r.product_id = l.product_id AND r.released_at IS NULL
       RETURNING r.product_id)
     UPDATE products p SET stock = p.stock + l.quantity FROM refunded l WHERE p.id = l.product_id AND p.id IN (SELECT product_id FROM released)`,
    [orderId, refunded, now],
  );
}

/** A paid order's reservations become its sale: they no longer expire. */
export async function consumeReservations(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await tx.query('UPDATE stock_reservations SET consumed_at = $2 WHERE order_id = $1', [orderId, now]);
}

/** Unpaid orders with a reservation expired by `now`, locked (ones another transaction holds are skipped). */
export async function lockOrdersWithExpiredReservations(tx: Queryable, now: Date, limit: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT o.id FROM orders o
      WHERE o.status = 'PAGAMENTO'
        AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id AND r.released_at IS NULL
                      AND r.consumed_at IS NULL AND r.expires_at <= $1)
      ORDER BY o.id LIMIT $2 FOR UPDATE OF o SKIP LOCKED`,
    [now, limit],
  );
  return rows.map((row) => row.id);
}

/** Whether every reservation of an order still holds at `now` (not released, consumed or past its end), and when the first ends. */
export async function getReservationState(tx: Queryable, orderId: number, now: Date): Promise<{ held: boolean; until: Date | null }> {
  const { rows } = await tx.query<{ held: boolean; until: Date | null }>(
    `SELECT NOT EXISTS (SELECT 1 FROM stock_reservations r
                         WHERE r.order_id = $1 AND (r.released_at IS NOT NULL OR r.consumed_at IS NOT NULL OR r.expires_at <= $2)) AS held,
            ${reservationEndSql('$1')} AS until`,
    [orderId, now],
  );
  return rows[0] ?? { held: false, until: null };
}

/** Sets the stock of products by id (catalogue imports, the panel's product edit): a count, as given. */
export async function setStockById(tx: Queryable, productIds: number[], counts: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.query(
    `UPDATE products p SET stock = s.stock FROM unnest($1::int[], $2::int[]) AS s(id, stock)
      WHERE p.id = s.id AND p.stock IS DISTINCT FROM s.stock`,
    [productIds, counts],
  );
}

/** What an ERP stock row did: the product it named (null when unknown) and whether its stock moved. */
export interface CountOutcome {
  row_no: number;
  product_id: number | null;
  outcome: 'unknown' | 'unchanged' | 'updated';
}

/**
 * Sets stock by code in one statement from a count of the warehouse (the ERP's): the count less
 * what open checkouts hold. Rows are numbered by the caller (row_no) and carry distinct codes.
 */
export async function setStockFromCounts(
  tx: Queryable,
  rows: { rowNo: number[]; codes: string[]; counts: number[] },
  { queryTimeoutMs }: { queryTimeoutMs?: number } = {},
): Promise<CountOutcome[]> {
  const { rows: outcomes } = await tx.query<CountOutcome>({
    text: `WITH input AS (
         SELECT * FROM unnest($1::int[], $2::text[], $3::int[]) AS i(row_no, code, quantity)
       ), held AS (
         SELECT r.product_id, sum(r.quantity)::int AS quantity FROM stock_reservations r JOIN products p ON p.id = r.product_id
          WHERE r.released_at IS NULL AND r.consumed_at IS NULL AND p.code = ANY($2::text[]) GROUP BY r.product_id
       ), target AS (
         SELECT i.row_no, p.id, greatest(0, i.quantity - coalesce(h.quantity, 0)) AS stock
           FROM input i LEFT JOIN products p ON p.code = i.code LEFT JOIN held h ON h.product_id = p.id
       ), updated AS (
         UPDATE products p SET stock = t.stock FROM target t WHERE p.id = t.id AND p.stock <> t.stock RETURNING p.id
       )
       SELECT t.row_no, t.id AS product_id,
              CASE WHEN t.id IS NULL THEN 'unknown' WHEN u.id IS NULL THEN 'unchanged' ELSE 'updated' END AS outcome
         FROM target t LEFT JOIN updated u ON u.id = t.id ORDER BY t.row_no`,
    values: [rows.rowNo, rows.codes, rows.counts],
    ...(queryTimeoutMs === undefined ? {} : { query_timeout: queryTimeoutMs }),
  });
  return outcomes;
}

/** A product low on stock, for the panel's dashboard. */
export interface LowStockRow {
  code: string;
  name_pt: string;
  name_es: string;
  stock: number;
}

/** Products with physical stock at or under `threshold`, fewest first, and how many there are in all. */
export async function listLowStock(db: Queryable, threshold: number, limit: number): Promise<{ rows: LowStockRow[]; total: number }> {
  const { rows } = await db.query<LowStockRow & { total: number }>(
    `SELECT code, name_pt, name_es, stock, count(*) OVER ()::int AS total FROM products
      WHERE physical_stock AND stock <= $1 ORDER BY stock, code LIMIT $2`,
    [threshold, limit],
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
