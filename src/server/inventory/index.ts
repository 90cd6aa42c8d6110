import { getPool } from '../db/client.ts';
import { createInventoryService, type InventoryService } from './service.ts';

export { createInventoryService, stockMoves } from './service.ts';

export { reservationEndSql, stockColumnSql } from './repository.ts';
export type { CartLinesWrite, ProductForSale } from './repository.ts';
export type { InventoryService } from './service.ts';
export { capAddition, checkLineQuantity } from './stock-caps.ts';

/** The inventory on the shop's pool: every stock read and write goes through it (decision 1310). */
export function getInventory(): InventoryService {
  return createInventoryService({ db: getPool() });
}
