import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import { sendConfirmationMail, sendResetMail } from './account-mail.ts';
import { createCustomerRepository } from './repository.ts';
import { hashPassword } from './passwords.ts';
import { createSessionService } from './sessions.ts';
import { createAccountTokens } from './tokens.ts';

/** Password recovery and reset, e-mail confirmation and its resend. */
export function createRecoveryService({ db, clock, limiter }: { db: Queryable; clock: Clock; limiter: RateLimiter }) {
  const customers = createCustomerRepository(db);
  const tokens = createAccountTokens({ db, clock });
  const sessions = createSessionService({ db, clock });

  return {
    /** Same outcome whether or not the e-mail exists; 'limited' past the limits. */
    async requestReset(email: string, ip: string): Promise<'sent' | 'limited'> {
      const address = email.trim();
      const pairOk = await limiter.consume(LIMITS.recoveryEmailIp, `${address}|${ip}`);
      const emailOk = await limiter.consume(LIMITS.recoveryEmail, address);
      const ipOk = await limiter.consume(LIMITS.recoveryIp, ip);
      if (!pairOk || !emailOk || !ipOk) return 'limited';
      const customer = await customers.findByEmail(email);
      if (customer) {
        const token = await tokens.issue(customer.id, 'reset');
        // Sent in the background so the answer takes the same time for unknown addresses.
        sendResetMail(db, customer, token).catch((error: unknown) => console.error('[mail] reset mail failed', (error as Error).message));
      }
      return 'sent';
    },

    /** Sets the new password when the token is valid; every session of the account ends. */
    async resetPassword(uuid: string, token: string, password: string): Promise<boolean> {
      const customerId = await tokens.consume(uuid, 'reset', token);
      if (customerId === null) return false;
      await customers.setPasswordHash(customerId, await hashPassword(password));
      await sessions.endOtherSessions(customerId);
      return true;
    },

    async confirmEmail(uuid: string, token: string): Promise<boolean> {
      const customerId = await tokens.consume(uuid, 'confirm', token);
      if (customerId === null) return false;
      await customers.markEmailVerified(customerId, clock.now());
      return true;
    },

    async sendConfirmation(customerId: number, ip: string): Promise<'sent' | 'limited' | 'verified'> {
      const customer = await customers.findById(customerId);
      if (!customer) return 'sent';
      if (customer.email_verified_at) return 'verified';
      const customerOk = await limiter.consume(LIMITS.resend, String(customerId));
      const ipOk = await limiter.consume(LIMITS.resendIp, ip);
      if (!customerOk || !ipOk) return 'limited';
      await sendConfirmationMail(db, customer, await tokens.issue(customer.id, 'confirm'));
      return 'sent';
    },
  };
}
