import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { SESSION_TTL_MS } from '../../lib/session.ts';
import type { Queryable } from '../db/client.ts';

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
export function readSessionToken(request: { headers: { get(name: string): string | null } }, cookieValue: string | undefined): string | null {
  const header = request.headers.get('authorization');
  const bearer = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)?.[1];
  if (bearer) return bearer;
  return cookieValue && /^[A-Za-z0-9_-]{20,200}$/.test(cookieValue) ? cookieValue : null;
}

export function createSessionService({ db, clock }: { db: Queryable; clock: Clock }) {
  return {
    /** Opens a session: 256 random bits, only the hash stored. */
    async createSession(customerId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
      await db.query('INSERT INTO sessions (token_hash, customer_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        hashSessionToken(token),
        customerId,
        clock.now(),
        expiresAt,
      ]);
      return { token, expiresAt };
    },

    async getSessionCustomer(token: string): Promise<SessionCustomer | null> {
      const { rows } = await db.query<{
        id: number; uuid: string; email: string; first_name: string; last_name: string;
        foreign_buyer: 0 | 1; email_verified_at: Date | null; expires_at: Date;
      }>(
        `SELECT c.id, c.uuid, c.email, c.first_name, c.last_name, c.foreign_buyer, c.email_verified_at, s.expires_at
           FROM sessions s JOIN customers c ON c.id = s.customer_id
          WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2`,
        [hashSessionToken(token), clock.now()],
      );
      const row = rows[0];
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
      await db.query('UPDATE sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL', [
        hashSessionToken(token),
        clock.now(),
      ]);
    },

    /** Ends every session of a customer but, optionally, one (a password reset ends the others). */
    async endOtherSessions(customerId: number, keepToken?: string): Promise<void> {
      await db.query(
        'UPDATE sessions SET ended_at = $3 WHERE customer_id = $1 AND ended_at IS NULL AND ($2::bytea IS NULL OR token_hash <> $2)',
        [customerId, keepToken ? hashSessionToken(keepToken) : null, clock.now()],
      );
    },
  };
}
