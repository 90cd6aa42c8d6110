import type { Queryable } from '../db/client.ts';
import { stockColumnSql, type CartLinesWrite, type ProductForSale } from '../inventory/index.ts';

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

/**
 * What cart_write_lines answers (migration 1180): the cart and its lines, or the locked re-check's
 * refusal (412: the change named a version the cart has moved on from, nothing written; `version`
 * is the current one).
 */
export type ReplaceResult = { status: 200; cart: CartRow; lines: CartLineRow[] } | { status: 403 | 404 } | { status: 412; version: number };

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

/**
 * A change as the parameters of cart_write_lines, which the inventory writes checked against the
 * stock the change saw (decision 1310: inventory's writeCartLinesIfCurrent).
 */
export function toCartLinesWrite(change: CartChange): CartLinesWrite {
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
