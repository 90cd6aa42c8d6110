import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getRateLimiter } from '../rate-limit/index.ts';
import { createAuthService } from './service.ts';

// What the other sub-domains (addresses/, profile/), the pages and the middleware use of
// accounts: the session checks (service.ts's, beside the session; customer-documents/ takes them
// there, as accounts' routes read its upload), the session
// cookie, the form readers and the user record of the contract (staff accounts hash their
// passwords with passwords.ts, this domain's rules file). The
// handlers of routes.ts wire their own services from service.ts: this file re-exports routes.ts,
// so routes.ts importing it back would make an import cycle.
export type { CustomerRow } from './repository.ts';
export { getCustomerById, requireCustomer, requireSignedIn, SESSION_COOKIE, toAccountUser, type SessionCustomer } from './service.ts';
export { getAccountTexts, getSignInRedirect, invalidForm, parseFields, readJsonFields, toSessionCookie } from './routes.ts';

/** Sign-in on the real database and clock, for the /login page. */
export function getAuthService() {
  return createAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}
