import { createSessionService } from './accounts/service.ts';
import { systemClock } from './clock.ts';
import { getPool } from './db/client.ts';
import { createRateLimiter } from './rate-limit/index.ts';

/** The services wired to the real database and clock, for pages and endpoints. */
export function getSessionService() {
  return createSessionService({ db: getPool(), clock: systemClock });
}

/** Rate limits shared by every instance (rate_limits table): sign-in, registration, recovery, checkout. */
export function getRateLimiter() {
  return createRateLimiter({ db: getPool() });
}
