import { getPool } from '../db/client.ts';
import { createInventoryService, type InventoryService } from './service.ts';

export { createInventoryService, stockMoves } from './service.ts';

export { availableStockSql, reservationEndSql, stockColumnSql } from './repository.ts';
export type { LowStockRow, ProductForSale } from './repository.ts';
export type { InventoryService, StockLine } from './service.ts';
export { capAddition, checkLineQuantity, getLineCap, type LineRefusal } from './stock-caps.ts';

/** The inventory on the shop's pool: every stock read and write goes through it (decision 1310). */
export function getInventory(): InventoryService {
  return createInventoryService({ db: getPool() });
}
