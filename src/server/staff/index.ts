import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getRateLimiter } from '../services.ts';
import { createStaffAuthService } from './auth.ts';
import { createStaffService } from './service.ts';

export type { PanelStaff } from './auth.ts';
export type { StaffRole } from './repository.ts';
export { StaffRefused, type StaffRefusal } from './errors.ts';
export { toStaffView, type StaffView } from './service.ts';

/** Staff accounts wired to the shop's pool and clock. */
export function getStaffService() {
  return createStaffService({ db: getPool(), clock: systemClock });
}

export function getStaffAuthService() {
  return createStaffAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}
