import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { createCartService } from './service.ts';

/** The cart service wired to the real database and clock, for pages and endpoints. */
export function getCartService() {
  return createCartService({ db: getPool(), clock: systemClock });
}
