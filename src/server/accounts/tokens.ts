import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { isUuid } from '../../lib/contract/input.ts';

export type TokenPurpose = 'reset' | 'confirm';
export const ACCOUNT_TOKEN_TTL_MS = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** Single-use e-mail tokens (reset, confirmation): random, stored hashed, 30-minute expiry. */
export function createAccountTokens({ db, clock }: { db: Queryable; clock: Clock }) {
  return {
    async issue(customerId: number, purpose: TokenPurpose): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.query(
        'INSERT INTO account_tokens (customer_id, purpose, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [customerId, purpose, hashToken(token), now, new Date(now.getTime() + ACCOUNT_TOKEN_TTL_MS)],
      );
      return token;
    },

    /** Marks the token used and answers its customer id; null when unknown, used, expired or not this customer's. */
    async consume(customerUuid: string, purpose: TokenPurpose, token: string): Promise<number | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token) || !isUuid(customerUuid)) return null;
      const { rows } = await db.query<{ customer_id: number }>(
        `UPDATE account_tokens t SET used_at = $4
           FROM customers c
          WHERE t.token_hash = $1 AND t.purpose = $2 AND c.id = t.customer_id AND c.uuid = $3::uuid
            AND t.used_at IS NULL AND t.expires_at > $4
         RETURNING t.customer_id`,
        [hashToken(token), purpose, customerUuid, clock.now()],
      );
      return rows[0] ? Number(rows[0].customer_id) : null;
    },
  };
}
