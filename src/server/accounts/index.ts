import { createAddressService } from '../addresses/index.ts';
import { systemClock } from '../clock.ts';
import { createDocumentService } from '../customer-documents/index.ts';
import { getPool } from '../db/client.ts';
import { getRateLimiter } from '../services.ts';
import { createAuthService, createRecoveryService, createRegistrationService } from './service.ts';

// What the other sub-domains (addresses/, customer-documents/, profile/), the pages and the
// middleware use of accounts: the session checks, the session cookie, the form readers, the user
// record of the contract and the password rule (staff accounts hash theirs the same way).
export type { CustomerRow } from './repository.ts';
export { getCustomerById, hashPassword, SESSION_COOKIE, toAccountUser, verifyPassword, type SessionCustomer } from './service.ts';
export {
  getAccountTexts,
  getSignInRedirect,
  invalidForm,
  parseFields,
  readJsonFields,
  requireCustomer,
  requireSignedIn,
  toSessionCookie,
} from './routes.ts';

/** The accounts services wired to the real database and clock, for pages and endpoints. */
export function getAuthService() {
  return createAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}

export function getRegistrationService() {
  return createRegistrationService({
    db: getPool(),
    clock: systemClock,
    addresses: createAddressService,
    documents: createDocumentService,
  });
}

export function getRecoveryService() {
  return createRecoveryService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}
