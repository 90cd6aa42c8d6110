import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { createTokenRepository } from './repository.ts';
import { isUuid } from '#lib/contract/input.ts';

export type TokenPurpose = 'reset' | 'confirm';
export const ACCOUNT_TOKEN_TTL_MS = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** Single-use e-mail tokens (reset, confirmation): random, stored hashed, 30-minute expiry. */
export function createAccountTokens({ db, clock }: { db: Queryable; clock: Clock }) {
  const tokens = createTokenRepository(db);
  return {
    async issue(customerId: number, purpose: TokenPurpose): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await tokens.insert(customerId, purpose, hashToken(token), now, new Date(now.getTime() + ACCOUNT_TOKEN_TTL_MS));
      return token;
    },

    /** Marks the token used and answers its customer id; null when unknown, used, expired or not this customer's. */
    async consume(customerUuid: string, purpose: TokenPurpose, token: string): Promise<number | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token) || !isUuid(customerUuid)) return null;
      return tokens.consume(hashToken(token), purpose, customerUuid, clock.now());
    },
  };
}
