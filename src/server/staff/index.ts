import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getRateLimiter } from '../services.ts';
import { createStaffAuthService } from './auth.ts';
import { createStaffService } from './service.ts';

export type { StaffRole } from './repository.ts';

/** Staff accounts wired to the shop's pool and clock. */
export function getStaffService() {
  return createStaffService({ db: getPool(), clock: systemClock });
}

export function getStaffAuthService() {
  return createStaffAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}
