import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getRateLimiter } from '../services.ts';
import { createAddressService } from './addresses.ts';
import { createAuthService } from './auth.ts';
import { createProfileService } from './profile.ts';
import { createDocumentService } from './documents.ts';
import { createRecoveryService } from './recovery.ts';
import { createRegistrationService } from './registration.ts';

/** The accounts services wired to the real database and clock, for pages and endpoints. */
export function getAuthService() {
  return createAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}

export function getAddressService() {
  return createAddressService({ db: getPool() });
}

export function getProfileService() {
  return createProfileService({ db: getPool() });
}

export function getRegistrationService() {
  return createRegistrationService({ db: getPool(), clock: systemClock });
}

export function getRecoveryService() {
  return createRecoveryService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
}

export function getDocumentService() {
  return createDocumentService({ db: getPool() });
}
