import { isDatabaseUnavailable, type Queryable } from '../db/client.ts';
import { stockColumnSql, type ProductForSale } from '../inventory/index.ts';

export interface CartRow {
  id: number;
  external_id: string;
  customer_id: number | null;
  branch_id: number;
  currency_id: number;
  customer_address_id: number | null;
  /** Counted up by every change of the lines (migration 1180): a change made from an older one is stale. */
  version: number;
}

export interface CartLineRow {
  id: number;
  product_id: number;
  warehouse_id: number;
  quantity: number;
  unit_price_minor: number;
  active: boolean;
  token: string;
}

const CART_COLUMNS = 'id, external_id, customer_id, branch_id, currency_id, customer_address_id, version';

export async function insertCartIfAbsent(
  db: Queryable,
  externalId: string,
  currencyId: number,
  customerId: number | null,
): Promise<CartRow | null> {
  const { rows } = await db.query<CartRow>(
    `INSERT INTO carts (external_id, currency_id, customer_id) VALUES ($1, $2, $3)
     ON CONFLICT (external_id) DO NOTHING RETURNING ${CART_COLUMNS}`,
    [externalId, currencyId, customerId],
  );
  return rows[0] ?? null;
}

/** The cart row, locked for the rest of the transaction: changes to one cart run one at a time. */
export async function lockCart(db: Queryable, externalId: string): Promise<CartRow | null> {
  const { rows } = await db.query<CartRow>(`SELECT ${CART_COLUMNS} FROM carts WHERE external_id = $1 FOR UPDATE`, [externalId]);
  return rows[0] ?? null;
}

/** The account's cart: its most recently changed one, locked (issue 35: one cart per account). */
export async function lockAccountCart(db: Queryable, customerId: number): Promise<CartRow | null> {
  const { rows } = await db.query<CartRow>(
    `SELECT ${CART_COLUMNS} FROM carts WHERE customer_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [customerId],
  );
  return rows[0] ?? null;
}

/** Empties a cart merged into another one. */
export async function deleteCartLines(db: Queryable, cartId: number): Promise<void> {
  await db.query('DELETE FROM cart_items WHERE cart_id = $1', [cartId]);
}

export async function findCart(db: Queryable, externalId: string): Promise<CartRow | null> {
  const { rows } = await db.query<CartRow>(`SELECT ${CART_COLUMNS} FROM carts WHERE external_id = $1`, [externalId]);
  return rows[0] ?? null;
}

/** Binds the cart to its first customer and sets its currency; a change of prices counts the version up. */
export async function updateCartOwner(db: Queryable, cartId: number, customerId: number | null, currencyId: number): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    `UPDATE carts SET customer_id = COALESCE(customer_id, $2), version = version + CASE WHEN currency_id = $3 THEN 0 ELSE 1 END,
                      currency_id = $3, updated_at = now()
      WHERE id = $1 RETURNING version`,
    [cartId, customerId, currencyId],
  );
  return rows[0]?.version ?? 1;
}

/** Counts a locked cart's version up after a change of its lines made statement by statement. */
export async function touchCart(db: Queryable, cartId: number): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    'UPDATE carts SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING version',
    [cartId],
  );
  return rows[0]?.version ?? 1;
}

export async function getCartLines(db: Queryable, cartId: number): Promise<CartLineRow[]> {
  const { rows } = await db.query<CartLineRow>(
    `SELECT id, product_id, warehouse_id, quantity, unit_price_minor, active, token
       FROM cart_items WHERE cart_id = $1 ORDER BY id`,
    [cartId],
  );
  return rows;
}

export async function upsertLine(db: Queryable, cartId: number, line: LineInput): Promise<void> {
  await db.query(
    `INSERT INTO cart_items (cart_id, product_id, warehouse_id, quantity, unit_price_minor, active)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (cart_id, product_id, warehouse_id)
     DO UPDATE SET quantity = EXCLUDED.quantity, unit_price_minor = EXCLUDED.unit_price_minor, active = EXCLUDED.active`,
    [cartId, line.productId, line.warehouseId, line.quantity, line.unitPriceMinor, line.active],
  );
}

export interface LineInput {
  productId: number;
  warehouseId: number;
  quantity: number;
  unitPriceMinor: number;
  active: boolean;
}

/** 412: the change named a version the cart has moved on from (nothing written; `version` is the current one). */
export type ReplaceResult = { status: 200; cart: CartRow; lines: CartLineRow[] } | { status: 403 | 404 } | { status: 412; version: number };
/** A write checked against products read earlier: 409 when any of them moved since (nothing written). */
export type CheckedReplaceResult = ReplaceResult | { status: 409 };

export interface CartChange {
  externalId: string;
  cartId: number | undefined;
  customerId: number | null;
  currencyId: number;
  lines: LineInput[];
  /** The version the change was made from: the lines become exactly `lines`. Null: a change per line (migration 1180). */
  version: number | null;
  /** Products whose lines a change per line deletes. */
  removedIds: number[];
}

/** A change as the parameters of cart_write_lines, named as the fields of cart_write (migration 1180), in that order. */
function toChangeColumns(change: CartChange) {
  const { lines } = change;
  return {
    external_id: change.externalId,
    cart_id: change.cartId ?? null,
    customer_id: change.customerId,
    currency_id: change.currencyId,
    product_ids: lines.map((line) => line.productId),
    warehouse_ids: lines.map((line) => line.warehouseId),
    quantities: lines.map((line) => line.quantity),
    prices: lines.map((line) => line.unitPriceMinor),
    active: lines.map((line) => line.active),
    version: change.version,
    removed_ids: change.removedIds,
  };
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

const REPLACE_PARAMS =
  '$1::text, $2::bigint, $3::bigint, $4::smallint, $5::int[], $6::smallint[], $7::int[], $8::bigint[], $9::boolean[], $10::int, $11::int[]';

/**
 * The cart's one write (decision 1310): locks the cart, checks again that `customerId` may change
 * it (and the version, when the change names one), sets owner and currency and writes the lines
 * (exactly `lines` when the change names its version, else line by line), all only if every
 * product in `seen` still has the stock, price and currency the lines were checked against; 409
 * and nothing written otherwise. One round trip (migrations 0207, 1180: cart_write_lines_if_current).
 */
export async function replaceCartLinesIfCurrent(
  db: Queryable,
  change: CartChange,
  seen: Map<number, ProductForSale>,
): Promise<CheckedReplaceResult> {
  const { rows } = await db.query<{ result: CheckedReplaceResult }>({
    name: 'cart-write-lines-if-current',
    text: `SELECT cart_write_lines_if_current(${REPLACE_PARAMS}, $12::int[], $13::int[], $14::bigint[], $15::smallint[]) AS result`,
    values: [...Object.values(toChangeColumns(change)), ...Object.values(toSeenColumns(seen))],
  });
  return (rows[0] as { result: CheckedReplaceResult }).result;
}

/** One change for cart_write_lines_batch: the change, and the products it was checked against. */
export interface CheckedCartChange {
  change: CartChange;
  seen: Map<number, ProductForSale>;
}

/**
 * replaceCartLinesIfCurrent for several changes in one round trip and one transaction (migrations
 * 0208, 1180), made in the order given: one answer per change, in that order. Throws, having kept none
 * of them, when any change raises.
 */
export async function replaceCartLinesBatch(db: Queryable, changes: CheckedCartChange[]): Promise<CheckedReplaceResult[]> {
  const rows = changes.map(({ change, seen }) => ({ ...toChangeColumns(change), ...toSeenColumns(seen) }));
  const {
    rows: [row],
  } = await db.query<{ answers: CheckedReplaceResult[] }>({
    name: 'cart-write-lines-batch',
    text: 'SELECT cart_write_lines_batch($1::json) AS answers',
    values: [JSON.stringify(rows)],
  });
  return (row as { answers: CheckedReplaceResult[] }).answers;
}

export interface CartLineWithProduct extends CartLineRow {
  product: ProductForSale | null;
}

/** Lines with their products in one query (for the cart's JSON view). */
export async function getCartLinesWithProducts(db: Queryable, cartId: number, lang: 'pt' | 'es'): Promise<CartLineWithProduct[]> {
  const { rows } = await db.query<CartLineRow & Omit<ProductForSale, 'id'> & { p_id: number | null }>(
    `SELECT i.id, i.product_id, i.warehouse_id, i.quantity, i.unit_price_minor, i.active, i.token,
            p.id AS p_id, p.slug, p.code, ${lang === 'es' ? 'p.name_es' : 'p.name_pt'} AS name, p.images, ${stockColumnSql('p')} AS stock,
            p.show_price, p.price_minor, p.currency_id
       FROM cart_items i LEFT JOIN products p ON p.id = i.product_id
      WHERE i.cart_id = $1 ORDER BY i.id`,
    [cartId],
  );
  return rows.map(({ p_id, slug, code, name, images, stock, show_price, price_minor, currency_id, ...line }) => ({
    ...line,
    product: p_id === null ? null : { id: p_id, slug, code, name, images, stock, show_price, price_minor, currency_id },
  }));
}

export async function repriceLines(db: Queryable, cartId: number, prices: Map<number, number>): Promise<void> {
  for (const [lineId, priceMinor] of prices) {
    await db.query('UPDATE cart_items SET unit_price_minor = $3 WHERE id = $2 AND cart_id = $1', [cartId, lineId, priceMinor]);
  }
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

interface Waiting extends CheckedCartChange {
  resolve(result: CheckedReplaceResult): void;
  reject(error: unknown): void;
}

function createCartWriteBatches(db: Queryable) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  async function writeAlone(write: Waiting): Promise<void> {
    try {
      write.resolve(await replaceCartLinesIfCurrent(db, write.change, write.seen));
    } catch (error) {
      write.reject(error);
    }
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return writeAlone(batch[0] as Waiting);
    // Carts are locked in external-id order, the same in every batch (sort is stable: two
    // changes of one cart keep their order, the later one wins).
    const ordered = [...batch].sort((a, b) =>
      a.change.externalId < b.change.externalId ? -1 : a.change.externalId > b.change.externalId ? 1 : 0,
    );
    try {
      const results = await replaceCartLinesBatch(db, ordered);
      ordered.forEach((write, index) => write.resolve(results[index] as CheckedReplaceResult));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const write of ordered) write.reject(error);
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
    /** replaceCartLinesIfCurrent, in the next batch. */
    write(change: CartChange, seen: Map<number, ProductForSale>): Promise<CheckedReplaceResult> {
      return new Promise((resolve, reject) => {
        waiting.push({ change, seen, resolve, reject });
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
