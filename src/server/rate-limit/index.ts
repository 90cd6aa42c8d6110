// The rate-limit domain's face (decision 0720): the limits and the limiter of service.ts, the
// client address they count by (routes.ts) and the limiter wired to the shop's pool, shared by
// customer and staff sign-in, registration, recovery and checkout.
import { getPool } from '../db/client.ts';
import { createRateLimiter } from './service.ts';

export { getClientIp } from './routes.ts';
export type { DelayRule } from './repository.ts';
export { createRateLimiter, DELAYS, LIMITS, type Limit, type RateLimiter } from './service.ts';

/** Rate limits shared by every instance (rate_limits table): sign-in, registration, recovery, checkout. */
export function getRateLimiter() {
  return createRateLimiter({ db: getPool() });
}
