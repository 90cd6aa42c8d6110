import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getErpApiService } from '../erp-api/index.ts';
import { getRateLimiter } from '../rate-limit/index.ts';
import { createStaffAuthService, createStaffService } from './service.ts';

// What the pages, the middleware and the other domains use of staff: the guard and the session
// checks, the staff cookie, the panel's language and texts, the audit actor.
export type { StaffRole } from './repository.ts';
export {
  checkApiStaff,
  getPanelLocale,
  getPanelTexts,
  getSignInRedirect,
  guardPanelRequest,
  isPanelPath,
  requireApiStaff,
  requireStaff,
  toAuditActor,
  withStaffCookie,
} from './routes.ts';

/** Staff accounts wired to the shop's pool and clock, and to the ERP API keys they hold. */
export function getStaffService() {
  return createStaffService({ db: getPool(), clock: systemClock, keys: getErpApiService() });
}

export function getStaffAuthService() {
  return createStaffAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}
