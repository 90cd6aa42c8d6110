import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { SESSION_TTL_MS } from '#lib/session.ts';
import type { Queryable } from '../db/client.ts';
import { createSessionRepository } from './repository.ts';

export { SESSION_TTL_MS };
export const SESSION_COOKIE = 'fronteira_session';

export interface SessionCustomer {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  foreignBuyer: 0 | 1;
  emailVerified: boolean;
  /** When the session ends (absolute lifetime): pages tell the browser, however it signed in. */
  expiresAt: Date;
}

export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The bearer header of the contract first, then the httpOnly cookie the pages use. */
export function readSessionToken(
  request: { headers: { get(name: string): string | null } },
  cookieValue: string | undefined,
): string | null {
  const header = request.headers.get('authorization');
  const bearer = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)?.[1];
  if (bearer) return bearer;
  return cookieValue && /^[A-Za-z0-9_-]{20,200}$/.test(cookieValue) ? cookieValue : null;
}

export function createSessionService({ db, clock }: { db: Queryable; clock: Clock }) {
  const sessions = createSessionRepository(db);
  return {
    /** Opens a session: 256 random bits, only the hash stored. */
    async createSession(customerId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
      await sessions.insert(hashSessionToken(token), customerId, clock.now(), expiresAt);
      return { token, expiresAt };
    },

    async getSessionCustomer(token: string): Promise<SessionCustomer | null> {
      const row = await sessions.findCustomer(hashSessionToken(token), clock.now());
      if (!row) return null;
      return {
        id: row.id,
        uuid: row.uuid,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        foreignBuyer: row.foreign_buyer,
        emailVerified: row.email_verified_at !== null,
        expiresAt: row.expires_at,
      };
    },

    async endSession(token: string): Promise<void> {
      await sessions.end(hashSessionToken(token), clock.now());
    },

    /** Ends every session of a customer but, optionally, one (a password reset ends the others). */
    async endOtherSessions(customerId: number, keepToken?: string): Promise<void> {
      await sessions.endAllBut(customerId, keepToken ? hashSessionToken(keepToken) : null, clock.now());
    },
  };
}
