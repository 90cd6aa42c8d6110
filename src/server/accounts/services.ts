import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { createRateLimiter } from '../rate-limit/index.ts';
import { createAddressService } from './addresses.ts';
import { createAuthService } from './auth.ts';
import { createCustomerRepository } from './customers.ts';

/** The accounts services wired to the real database and clock, for pages and endpoints. */
export function getRateLimiter() {
  return createRateLimiter({ db: getPool() });
}

export function getAuthService() {
  return createAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}

export function getAddressService() {
  return createAddressService({ db: getPool() });
}

export function getCustomerRepository() {
  return createCustomerRepository(getPool());
}
