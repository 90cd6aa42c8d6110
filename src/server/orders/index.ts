import { getPool } from '../db/client.ts';
import { createOrderService } from './service.ts';

/** The shopper's orders wired to the real database, for pages and endpoints. */
export function getOrderService() {
  return createOrderService({ db: getPool() });
}
