import { createSessionService } from './accounts/sessions.ts';
import { systemClock } from './clock.ts';
import { getPool } from './db/client.ts';

/** The services wired to the real database and clock, for pages and endpoints. */
export function getSessionService() {
  return createSessionService({ db: getPool(), clock: systemClock });
}
