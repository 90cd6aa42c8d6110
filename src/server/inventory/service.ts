import type { Queryable } from '../db/client.ts';
import {
  consumeReservations,
  getCartWriteBatches,
  getHeldProducts,
  getReservationState,
  listLowStock,
  lockOrdersWithExpiredReservations,
  lockProducts,
  readProductsForSale,
  releaseHeldStock,
  returnLineStock,
  returnOrderStock,
  setStockById,
  setStockFromCounts,
  takeAndReserve,
  writeCartLinesIfCurrent,
  type CartLinesWrite,
  type CountOutcome,
  type LowStockRow,
  type ProductForSale,
  type ProductsMoved,
} from './repository.ts';

interface Deps {
  db: Queryable;
}

/** A line an order wants taken off the shelf. */
export interface StockLine {
  productId: number;
  quantity: number;
}

/**
 * The stock moves of other domains' changes (decision 1310), each inside the caller's
 * transaction `tx` (checkout, payment settlement, the order desk, imports, the ERP, the panel):
 * the stock moves with the rest of that change or not at all.
 */
export const stockMoves = {
  /**
   * A checkout's stock: what the orders it cancels (`releasing`) held goes back first, then each
   * line is taken off the shelf and held for the order until `expiresAt`. Product rows are locked
   * in id order (the released ones with the wanted ones). Answers the lines that did not fit with
   * what is available: the caller then rolls back, nothing was taken.
   */
  async reserve(
    tx: Queryable,
    order: { orderId: number; lines: StockLine[]; expiresAt: Date; releasing: number[]; now: Date },
  ): Promise<Array<{ productId: number; available: number }>> {
    if (order.releasing.length > 0) {
      const held = await getHeldProducts(tx, order.releasing);
      await lockProducts(tx, [...new Set([...held, ...order.lines.map((line) => line.productId)])]);
      await releaseHeldStock(tx, order.releasing, order.now);
    }
    return takeAndReserve(tx, order.lines, { orderId: order.orderId, expiresAt: order.expiresAt });
  },

  /** Whether an unpaid order's stock is still held at `now`, and until when (paying again, issue 35). */
  getReservation(tx: Queryable, orderId: number, now: Date): Promise<{ held: boolean; until: Date | null }> {
    return getReservationState(tx, orderId, now);
  },

  /** A paid order: its reservations are its sale now, they no longer expire. */
  consume(tx: Queryable, orderId: number, now: Date): Promise<void> {
    return consumeReservations(tx, orderId, now);
  },

  /** Everything an order still holds back on the shelf (an unpaid order cancelled or expired, a paid one refunded). */
  returnOrder(tx: Queryable, orderId: number, now: Date): Promise<void> {
    return returnOrderStock(tx, orderId, now);
  },

  /** The refunded quantities of some of an order's lines back on the shelf (partial refunds, decision 1140). */
  returnLines(tx: Queryable, orderId: number, lines: Array<{ position: number; quantity: number }>, now: Date): Promise<void> {
    return returnLineStock(tx, orderId, lines, now);
  },

  /** Unpaid orders whose reservation ended by `now`, locked for the caller to cancel (at most `limit`). */
  lockExpiredOrders(tx: Queryable, now: Date, limit: number): Promise<number[]> {
    return lockOrdersWithExpiredReservations(tx, now, limit);
  },

  /** Stock counts set as given, by product id (catalogue imports, the panel's product edit). */
  setCounts(tx: Queryable, counts: Array<{ productId: number; stock: number }>): Promise<void> {
    return setStockById(
      tx,
      counts.map((count) => count.productId),
      counts.map((count) => count.stock),
    );
  },

  /** The ERP's counts by code: each product's stock becomes the count less what open checkouts hold. */
  setCountsLessHeld(
    tx: Queryable,
    rows: { rowNo: number[]; codes: string[]; counts: number[] },
    options: { queryTimeoutMs?: number } = {},
  ): Promise<CountOutcome[]> {
    return setStockFromCounts(tx, rows, options);
  },
};

/** The inventory's reads on a pool (`db`), or in a caller's transaction where one is given. */
export function createInventoryService({ db }: Deps) {
  return {
    /** The products a cart change names, with what is left of each (0 for a product off the shop). */
    getProductsForSale(productIds: number[], lang: 'pt' | 'es', tx: Queryable = db): Promise<Map<number, ProductForSale>> {
      return readProductsForSale(tx, productIds, lang);
    },

    /**
     * A cart change written only while every product it was checked against (`seen`, as read
     * here) still has that stock, price and currency: the check and the write are one statement
     * (cart_write_lines_if_current), so no change is ever written against stock that moved; 409
     * and nothing written otherwise. On the pool, changes arriving together share round trips
     * (decision 0208); `tx` (a cart being created) writes in that transaction. `Written` is the
     * cart's answer (cart_write_lines).
     */
    writeCartLinesIfCurrent<Written>(
      write: CartLinesWrite,
      seen: Map<number, ProductForSale>,
      tx?: Queryable,
    ): Promise<Written | ProductsMoved> {
      return tx ? writeCartLinesIfCurrent<Written>(tx, write, seen) : getCartWriteBatches(db).write<Written>(write, seen);
    },

    /** Products with physical stock at or under `threshold`, fewest first (the panel's dashboard). */
    listLowStock(threshold: number, limit: number): Promise<{ rows: LowStockRow[]; total: number }> {
      return listLowStock(db, threshold, limit);
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
