import { getConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { createDelays, createLimitWindows, type DelayRule } from './repository.ts';

/** The delay after `failures` failures, in seconds (pure: unit-tested). */
export function getDelaySeconds(rule: DelayRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** (failures - rule.freeFailures));
}

/**
 * Fixed-window limits kept in PostgreSQL (table rate_limits), so every instance of the shop
 * shares them. Per-IP limits are multiplied by RATE_LIMIT_IP_MULTIPLIER (default 1): tests and
 * offices behind one address can raise them without touching per-account limits.
 */
export interface Limit {
  name: string;
  points: number;
  windowSeconds: number;
  perIp?: boolean;
}

export const LIMITS = {
  loginIp: { name: 'login-ip', points: 100, windowSeconds: 15 * 60, perIp: true },
  register: { name: 'register-ip', points: 20, windowSeconds: 60 * 60, perIp: true },
  checkEmail: { name: 'check-email-ip', points: 60, windowSeconds: 60, perIp: true },
  // Recovery per (e-mail, address): requests from elsewhere cannot use up the owner's; the
  // per-e-mail cap over every address is higher and only stops a mail flood to one inbox.
  recoveryEmailIp: { name: 'recovery-email-ip', points: 5, windowSeconds: 60 * 60 },
  recoveryEmail: { name: 'recovery-email', points: 30, windowSeconds: 60 * 60 },
  recoveryIp: { name: 'recovery-ip', points: 20, windowSeconds: 60 * 60, perIp: true },
  resend: { name: 'resend-customer', points: 5, windowSeconds: 60 * 60 },
  resendIp: { name: 'resend-ip', points: 20, windowSeconds: 60 * 60, perIp: true },
  // Starting a checkout reserves stock: a buyer (or a script) cannot hold the shelf hostage.
  checkoutCustomer: { name: 'checkout-customer', points: 20, windowSeconds: 15 * 60 },
  checkoutIp: { name: 'checkout-ip', points: 60, windowSeconds: 15 * 60, perIp: true },
  // Uploads cost a decode each (issue 29): the profile form per customer and per address
  // (registration has register-ip), the panel's pictures and imports per staff member.
  profileUpdate: { name: 'profile-update-customer', points: 20, windowSeconds: 60 * 60 },
  profileUpdateIp: { name: 'profile-update-ip', points: 60, windowSeconds: 60 * 60, perIp: true },
  staffUpload: { name: 'staff-upload', points: 600, windowSeconds: 60 * 60 },
  // Postal-code lookups reach a public service (its answers are cached per process).
  postalCodeIp: { name: 'postal-code-ip', points: 60, windowSeconds: 60, perIp: true },
  // Mail per recipient address, every kind together (issue 29): its points are the setting
  // MAIL_MAX_PER_RECIPIENT_PER_HOUR (mail/service.ts), 10 by default.
  mailRecipient: { name: 'mail-recipient', points: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/**
 * Wrong passwords slow down the (account, address) pair that sends them, never the account
 * everywhere: someone guessing from one address cannot lock the owner out of another. Ten free
 * tries, then 30 s, 60 s, ... up to 15 min between tries. The per-address cap (loginIp) stays.
 */
export const DELAYS = {
  loginAccountIp: { name: 'login-account-ip', freeFailures: 10, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60, windowSeconds: 60 * 60 },
} satisfies Record<string, DelayRule>;

function getAllowed(limit: Limit): number {
  return limit.perIp ? limit.points * getConfig().RATE_LIMIT_IP_MULTIPLIER : limit.points;
}

export function createRateLimiter({ db }: { db: Queryable }) {
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;
  const windows = createLimitWindows({ db });
  const delays = createDelays({ db });
  return {
    getWaitSeconds: delays.getWaitSeconds,
    clearFailures: delays.clearFailures,

    /** Counts one failure and sets when the next try is allowed; returns that wait in seconds. */
    async recordFailure(rule: DelayRule, subject: string): Promise<number> {
      const wait = getDelaySeconds(rule, await delays.countFailure(rule, subject));
      if (wait > 0) await delays.setWait(rule, subject, wait);
      return wait;
    },

    /** Counts one use; false when this use is past the limit. */
    async consume(limit: Limit, subject: string): Promise<boolean> {
      return (await windows.count(keyOf(limit, subject), limit.windowSeconds)) <= getAllowed(limit);
    },

    /** True when the subject already used up its window (nothing is counted). */
    async isBlocked(limit: Limit, subject: string): Promise<boolean> {
      return (await windows.getPoints(keyOf(limit, subject))) >= getAllowed(limit);
    },

    async reset(limit: Limit, subject: string): Promise<void> {
      await windows.remove(keyOf(limit, subject));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
