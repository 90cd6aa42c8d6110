import type { AccountUser } from '#lib/contract/accounts.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { DELAYS, LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import { toAccountUser } from './customers.ts';
import { createCustomerRepository } from './repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSessionService } from './sessions.ts';

export type LoginResult =
  { kind: 'ok'; token: string; expiresAt: Date; user: AccountUser } | { kind: 'invalid' } | { kind: 'limited'; retryAfterSeconds: number };

/** Sign-in and password change, with the per-account and per-IP limits of issue 5 point 7. */
export function createAuthService({ db, clock, limiter }: { db: Queryable; clock: Clock; limiter: RateLimiter }) {
  const customers = createCustomerRepository(db);
  const sessions = createSessionService({ db, clock });

  return {
    async login({ email, password, ip }: { email: string; password: string; ip: string }): Promise<LoginResult> {
      const account = email.trim().toLowerCase();
      const pair = `${account}|${ip}`;
      if (await limiter.isBlocked(LIMITS.loginIp, ip)) return { kind: 'limited', retryAfterSeconds: LIMITS.loginIp.windowSeconds };
      const wait = await limiter.getWaitSeconds(DELAYS.loginAccountIp, pair);
      if (wait > 0) {
        // Tries during the wait are not checked, but they count against the address.
        await limiter.consume(LIMITS.loginIp, ip);
        return { kind: 'limited', retryAfterSeconds: wait };
      }
      const customer = await customers.findByEmail(account);
      if (!(await verifyPassword(customer?.password_hash ?? null, password)) || !customer) {
        // This try was checked and was wrong (401); a delay it starts applies to the next one.
        await limiter.recordFailure(DELAYS.loginAccountIp, pair);
        const ipOk = await limiter.consume(LIMITS.loginIp, ip);
        return ipOk ? { kind: 'invalid' } : { kind: 'limited', retryAfterSeconds: LIMITS.loginIp.windowSeconds };
      }
      await limiter.clearFailures(DELAYS.loginAccountIp, pair);
      const now = clock.now();
      const { token, expiresAt } = await sessions.createSession(customer.id);
      await customers.setLastLogin(customer.id, now);
      return { kind: 'ok', token, expiresAt, user: toAccountUser({ ...customer, last_login_at: now }) };
    },

    /** Changes the password after checking the current one; the other sessions end. */
    async changePassword(customerId: number, current: string, next: string, keepToken: string | null): Promise<boolean> {
      const customer = await customers.findById(customerId);
      if (!customer || !(await verifyPassword(customer.password_hash, current))) return false;
      await customers.setPasswordHash(customerId, await hashPassword(next));
      await sessions.endOtherSessions(customerId, keepToken ?? undefined);
      return true;
    },
  };
}
