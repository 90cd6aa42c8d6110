import { recordAudit } from '../audit/service.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { verifyPassword } from '../accounts/index.ts';
import { DELAYS, LIMITS, type Limit, type RateLimiter } from '../rate-limit/index.ts';
import type { DelayRule } from '../rate-limit/delays.ts';
import {
  claimTotpStep,
  endStaffSession,
  findStaffByEmail,
  findStaffById,
  insertStaffSession,
  touchStaffSession,
  updateSessionStage,
  updateStaff,
  type PanelLocale,
  type SessionStage,
  type StaffRole,
} from './repository.ts';
import type { StaffDb } from './service.ts';
import { checkTotpCode, createTotpSecret, decryptTotpSecret, encryptTotpSecret, getEnrolmentQr } from './totp.ts';
import { createStaffToken, hashStaffToken } from './tokens.ts';

/** The same windows and counts as customer sign-in (issue 17), counted apart. */
export const STAFF_LIMITS = {
  loginIp: { ...LIMITS.loginIp, name: 'staff-login-ip' },
  /** Wrong TOTP codes: 10 per account in 15 minutes (a code has a million values). */
  codeAccount: { name: 'staff-code-account', points: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export const STAFF_DELAYS = {
  loginAccountIp: { ...DELAYS.loginAccountIp, name: 'staff-login-account-ip' },
} satisfies Record<string, DelayRule>;

/** The signed-in staff member a request carries (App.Locals.staff). */
export interface PanelStaff {
  id: number;
  email: string;
  role: StaffRole;
  locale: PanelLocale;
  stage: SessionStage;
  totpEnrolled: boolean;
}

export type StaffLogin = { kind: 'ok'; token: string; stage: SessionStage } | { kind: 'invalid' } | { kind: 'limited' };
export type CodeCheck = 'ok' | 'invalid' | 'limited';

const toActor = (staff: { id: number; email: string }) => ({ staffId: staff.id, email: staff.email });

/** Sign-in (password, then the admin's TOTP code or enrolment), sessions, sign-out. */
export function createStaffAuthService({ db, clock, limiter }: { db: StaffDb; clock: Clock; limiter: RateLimiter }) {
  /** The session opens the panel; one audit row says how ('staff.login', 'staff.totp_enrol'). */
  const promote = async (tx: Queryable, staff: { id: number; email: string }, token: string, action = 'staff.login') => {
    await updateSessionStage(tx, hashStaffToken(token), 'full');
    await updateStaff(tx, staff.id, { last_login_at: clock.now() });
    await recordAudit(tx, { actor: toActor(staff), action, entityType: 'staff', entityId: staff.id }, clock);
  };

  /** Counts a wrong code against the account; 'limited' once the window is used up. */
  const refuseCode = async (staffId: number): Promise<CodeCheck> =>
    (await limiter.consume(STAFF_LIMITS.codeAccount, String(staffId))) ? 'invalid' : 'limited';

  return {
    async login({ email, password, ip }: { email: string; password: string; ip: string }): Promise<StaffLogin> {
      // The customer sign-in's rules (accounts/service.ts): a growing delay per (account, address)
      // after ten wrong passwords, and a cap per address.
      const account = email.trim().toLowerCase();
      const pair = `${account}|${ip}`;
      if (await limiter.isBlocked(STAFF_LIMITS.loginIp, ip)) return { kind: 'limited' };
      if ((await limiter.getWaitSeconds(STAFF_DELAYS.loginAccountIp, pair)) > 0) {
        await limiter.consume(STAFF_LIMITS.loginIp, ip);
        return { kind: 'limited' };
      }
      const staff = account.length <= 254 ? await findStaffByEmail(db, account) : null;
      const usable = staff && !staff.disabled_at ? staff : null;
      if (!(await verifyPassword(usable?.password_hash ?? null, password)) || !usable) {
        await limiter.recordFailure(STAFF_DELAYS.loginAccountIp, pair);
        return (await limiter.consume(STAFF_LIMITS.loginIp, ip)) ? { kind: 'invalid' } : { kind: 'limited' };
      }
      await limiter.clearFailures(STAFF_DELAYS.loginAccountIp, pair);
      const stage: SessionStage = usable.role !== 'admin' ? 'full' : usable.totp_enrolled_at ? 'totp' : 'enrol';
      const { token, hash } = createStaffToken();
      await runInTransaction(db, async (tx) => {
        await insertStaffSession(tx, hash, usable.id, stage === 'full' ? 'totp' : stage, clock.now());
        if (stage === 'full') await promote(tx, usable, token);
      });
      return { kind: 'ok', token, stage };
    },

    async getSession(token: string): Promise<PanelStaff | null> {
      const row = await touchStaffSession(db, hashStaffToken(token), clock.now());
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        role: row.role,
        locale: row.locale,
        stage: row.stage,
        totpEnrolled: row.totp_enrolled_at !== null,
      };
    },

    /** The second step of an enrolled admin's sign-in. */
    async verifyCode(staff: PanelStaff, token: string, code: string): Promise<CodeCheck> {
      if (staff.stage !== 'totp') return 'invalid';
      if (await limiter.isBlocked(STAFF_LIMITS.codeAccount, String(staff.id))) return 'limited';
      const row = await findStaffById(db, staff.id);
      if (!row?.totp_secret_enc || !row.totp_enrolled_at) return 'invalid';
      const step = await checkTotpCode(decryptTotpSecret(row.totp_secret_enc), code, clock.now().getTime());
      if (step === null) return refuseCode(staff.id);
      const accepted = await runInTransaction(db, async (tx) => {
        if (!(await claimTotpStep(tx, staff.id, step))) return false;
        await promote(tx, staff, token);
        return true;
      });
      if (!accepted) return refuseCode(staff.id);
      await limiter.reset(STAFF_LIMITS.codeAccount, String(staff.id));
      return 'ok';
    },

    /**
     * A new secret for an admin who has not enrolled yet, shown this once: asking again replaces
     * it, so a secret seen earlier (a screen left open, a photo) is worth nothing.
     */
    async startEnrolment(staff: PanelStaff): Promise<{ secret: string; uri: string; qrDataUrl: string } | null> {
      if (staff.stage !== 'enrol') return null;
      const secret = createTotpSecret();
      await updateStaff(db, staff.id, { totp_secret_enc: encryptTotpSecret(secret), totp_enrolled_at: null });
      return { secret, ...(await getEnrolmentQr(secret, staff.email)) };
    },

    /** The first code from the app confirms the secret; the session then opens the panel. */
    async confirmEnrolment(staff: PanelStaff, token: string, code: string): Promise<CodeCheck> {
      if (staff.stage !== 'enrol') return 'invalid';
      if (await limiter.isBlocked(STAFF_LIMITS.codeAccount, String(staff.id))) return 'limited';
      const row = await findStaffById(db, staff.id);
      if (!row?.totp_secret_enc || row.totp_enrolled_at) return 'invalid';
      const step = await checkTotpCode(decryptTotpSecret(row.totp_secret_enc), code, clock.now().getTime());
      if (step === null) return refuseCode(staff.id);
      const enrolled = await runInTransaction(db, async (tx) => {
        // Another enrolment page opened meanwhile replaced the secret this code belongs to.
        const locked = await findStaffById(tx, staff.id, true);
        if (!locked || locked.totp_secret_enc !== row.totp_secret_enc || locked.totp_enrolled_at) return false;
        await updateStaff(tx, staff.id, { totp_enrolled_at: clock.now(), totp_last_step: step });
        await promote(tx, staff, token, 'staff.totp_enrol');
        return true;
      });
      if (!enrolled) return 'invalid';
      await limiter.reset(STAFF_LIMITS.codeAccount, String(staff.id));
      return 'ok';
    },

    async logout(staff: PanelStaff, token: string): Promise<void> {
      await runInTransaction(db, async (tx) => {
        await endStaffSession(tx, hashStaffToken(token), clock.now());
        await recordAudit(tx, { actor: toActor(staff), action: 'staff.logout', entityType: 'staff', entityId: staff.id }, clock);
      });
    },
  };
}
