// The rate-limit domain's face (decision 0720): the limits and the limiter of service.ts, and the
// client address they count by (routes.ts); the wired limiter is getRateLimiter() in
// ../services.ts, shared with staff sign-in.
export { getClientIp } from './routes.ts';
export { createRateLimiter, DELAYS, LIMITS, type DelayRule, type Limit, type RateLimiter } from './service.ts';
