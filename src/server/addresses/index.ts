import { getPool } from '../db/client.ts';
import { createAddressService } from './service.ts';

// Registration adds the first address in its own transaction: the service on that transaction.
export { createAddressService };

/** A customer's delivery addresses on the shop's pool, for pages and endpoints. */
export function getAddressService() {
  return createAddressService({ db: getPool() });
}
