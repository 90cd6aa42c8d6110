// The rate-limit domain's face (decision 0720): the limits and the limiter of service.ts; the
// wired limiter is getRateLimiter() in ../services.ts, shared with staff sign-in.
export { createRateLimiter, DELAYS, LIMITS, type Limit, type RateLimiter } from './service.ts';
