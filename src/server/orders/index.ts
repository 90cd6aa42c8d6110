import { getConfig } from '../config.ts';
import { getPool, type Queryable } from '../db/client.ts';
import { createOrderService } from './service.ts';

/** The shopper's orders on `db` (a transaction's client, or the pool), with the store's rules from the configuration. */
export function createOrderReader(db: Queryable) {
  return createOrderService({ db, pickupHoldDays: getConfig().PICKUP_HOLD_DAYS });
}

/** The shopper's orders wired to the real database, for pages and endpoints. */
export function getOrderService() {
  return createOrderReader(getPool());
}
