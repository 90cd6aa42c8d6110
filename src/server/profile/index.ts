import { getPool } from '../db/client.ts';
import { createProfileService } from './service.ts';

/** The customer's own record on the shop's pool, for pages and endpoints. */
export function getProfileService() {
  return createProfileService({ db: getPool() });
}
