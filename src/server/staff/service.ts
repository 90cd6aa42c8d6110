import { createHash, randomBytes } from 'node:crypto';
import { StaffEmailSchema } from '#lib/contract/staff.ts';
import { getPasswordProblem, STAFF_PASSWORD_MAX } from '#lib/password-rule.ts';
import type { AuditActor } from '../audit/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import type { KeysChoice } from '../erp-api/index.ts';
import { DELAYS, LIMITS, type DelayRule, type Limit, type RateLimiter } from '../rate-limit/index.ts';
import { staffError } from './errors.ts';
import {
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  useRecoveryCode,
  claimTotpStep,
  endAllStaffSessions,
  endStaffSession,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  insertStaffSession,
  insertStaffToken,
  isStaffTokenLive,
  selectAllStaff,
  touchStaffSession,
  updateSessionStage,
  updateStaff,
  useStaffToken,
  type PanelLocale,
  type SessionStage,
  type StaffRole,
  type StaffRow,
} from './repository.ts';
import {
  checkTotpCode,
  createRecoveryCodes,
  createTotpSecret,
  decryptTotpSecret,
  encryptTotpSecret,
  getEnrolmentQr,
  hashRecoveryCode,
  isRecoveryCodeShaped,
} from './totp.ts';

/** 256 random bits for a cookie or a link; only the SHA-256 reaches the database. */
export function createStaffToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashStaffToken(token) };
}

export function hashStaffToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function isTokenShaped(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{40,64}$/.test(value);
}

export type StaffDb = Queryable & ConnectionSource;

/** A set-password link lives two days. */
const LINK_TTL_MS = 48 * 3600 * 1000;

/** What the audit log and the staff list show of an account (never a hash or a secret). */
export function toStaffView(row: StaffRow) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    locale: row.locale,
    disabled: row.disabled_at !== null,
    totpEnrolled: row.totp_enrolled_at !== null,
    passwordSet: row.password_hash !== null,
  };
}

export type StaffView = ReturnType<typeof toStaffView>;

/** The ERP API keys a member holds (src/server/erp-api, wired by index.ts: staff never reads their table). */
export interface StaffKeys {
  countKeysByHolder(): Promise<Map<number, number>>;
  countKeysHeldBy(tx: Queryable, holderId: number): Promise<number>;
  settleKeysOf(tx: Queryable, actor: AuditActor, holderId: number, choice: KeysChoice): Promise<number>;
}

/** What to do with a disabled member's live keys: revoke them, or hand them to this admin. */
export type KeysDecision = 'revoke' | { handTo: number };

/** Staff accounts: add, list, disable, reset (a new one-time link), set password, language. */
export function createStaffService({ db, clock, keys }: { db: StaffDb; clock: Clock; keys: StaffKeys }) {
  const issueLink = async (tx: Queryable, staffId: number) => {
    const { token, hash } = createStaffToken();
    await insertStaffToken(tx, staffId, hash, new Date(clock.now().getTime() + LINK_TTL_MS));
    return token;
  };

  /** Runs a change on one account under a row lock, with its audit row, in one transaction. */
  const changeStaff = <T>(actor: AuditActor, id: number, action: string, work: (tx: Queryable, row: StaffRow) => Promise<T>) =>
    runInTransaction(db, async (tx) => {
      const row = await findStaffById(tx, id, true);
      if (!row) throw staffError('not_found', 'notFound');
      const result = await work(tx, row);
      const after = await findStaffById(tx, id);
      await recordAudit(
        tx,
        { actor, action, entityType: 'staff', entityId: id, before: toStaffView(row), after: after && toStaffView(after) },
        clock,
      );
      return result;
    });

  return {
    listStaff: async (): Promise<StaffView[]> => (await selectAllStaff(db)).map(toStaffView),

    /** A new account and its set-password link (the token; pages build the address). */
    async addStaff(
      actor: AuditActor,
      input: { email: string; role: StaffRole; locale?: PanelLocale },
    ): Promise<{ staff: StaffView; token: string }> {
      const email = input.email.trim().toLowerCase();
      if (!StaffEmailSchema.safeParse(email).success) throw staffError('invalid', 'emailInvalid');
      return runInTransaction(db, async (tx) => {
        const row = await insertStaff(tx, email, input.role, input.locale ?? 'es-PY');
        if (!row) throw staffError('invalid', 'emailTaken');
        const token = await issueLink(tx, row.id);
        await recordAudit(tx, { actor, action: 'staff.add', entityType: 'staff', entityId: row.id, after: toStaffView(row) }, clock);
        return { staff: toStaffView(row), token };
      });
    },

    /** Live API keys per member who holds any (the panel asks what becomes of them). */
    countKeysByHolder: () => keys.countKeysByHolder(),

    /**
     * Disables an account and ends its sessions. A member holding live API keys is disabled only
     * with a decision for them (revoked, or handed to another active admin), in the same transaction.
     */
    async disableStaff(
      actor: AuditActor,
      id: number,
      decision: KeysDecision | null = null,
    ): Promise<{ keys: number; handedTo: string | null }> {
      if (actor.staffId === id) throw staffError('invalid', 'notYourself');
      return changeStaff(actor, id, 'staff.disable', async (tx) => {
        const held = await keys.countKeysHeldBy(tx, id);
        let handedTo: string | null = null;
        if (held > 0) {
          if (decision === null) throw staffError('invalid', 'keysChoiceNeeded');
          let choice: KeysChoice = { kind: 'revoke' };
          if (decision !== 'revoke') {
            const admin = await findStaffById(tx, decision.handTo);
            if (!admin || admin.id === id || admin.role !== 'admin' || admin.disabled_at) throw staffError('invalid', 'keysHandToInvalid');
            choice = { kind: 'hand_over', to: { id: admin.id, email: admin.email } };
            handedTo = admin.email;
          }
          await keys.settleKeysOf(tx, actor, id, choice);
        }
        await updateStaff(tx, id, { disabled_at: clock.now() });
        await endAllStaffSessions(tx, id, clock.now());
        return { keys: held, handedTo };
      });
    },

    /** Password and second factor cleared, sessions ended, account enabled, a new link issued. */
    async resetStaff(actor: AuditActor, id: number): Promise<string> {
      return changeStaff(actor, id, 'staff.reset', async (tx) => {
        await updateStaff(tx, id, {
          password_hash: null,
          totp_secret_enc: null,
          totp_enrolled_at: null,
          totp_last_step: null,
          disabled_at: null,
        });
        await deleteRecoveryCodes(tx, id);
        await endAllStaffSessions(tx, id, clock.now());
        return issueLink(tx, id);
      });
    },

    /**
     * Another admin's second factor cleared (a lost phone): secret and recovery codes gone,
     * sessions ended; the next sign-in enrols again. The password stays.
     */
    async resetSecondFactor(actor: AuditActor, id: number): Promise<void> {
      if (actor.staffId === id) throw staffError('invalid', 'notYourself');
      await changeStaff(actor, id, 'staff.totp_reset', async (tx, row) => {
        if (row.role !== 'admin') throw staffError('not_found', 'notFound');
        await updateStaff(tx, id, { totp_secret_enc: null, totp_enrolled_at: null, totp_last_step: null });
        await deleteRecoveryCodes(tx, id);
        await endAllStaffSessions(tx, id, clock.now());
      });
    },

    async isSetPasswordLinkLive(token: string | null): Promise<boolean> {
      return isTokenShaped(token) && isStaffTokenLive(db, hashStaffToken(token), clock.now());
    },

    /** Uses the link once and sets the password; the account's sessions end. */
    async setPassword(token: string | null, password: string): Promise<void> {
      if (getPasswordProblem(password, STAFF_PASSWORD_MAX)) throw staffError('invalid', 'passwordWeak');
      if (!isTokenShaped(token)) throw staffError('invalid', 'linkInvalid');
      const passwordHash = await hashPassword(password);
      await runInTransaction(db, async (tx) => {
        const staffId = await useStaffToken(tx, hashStaffToken(token), clock.now());
        const row = staffId === null ? null : await findStaffById(tx, staffId, true);
        if (!row || row.disabled_at) throw staffError('invalid', 'linkInvalid');
        await updateStaff(tx, row.id, { password_hash: passwordHash });
        await endAllStaffSessions(tx, row.id, clock.now());
        const actor = { staffId: row.id, email: row.email };
        await recordAudit(
          tx,
          {
            actor,
            action: 'staff.set_password',
            entityType: 'staff',
            entityId: row.id,
            before: toStaffView(row),
            after: toStaffView({ ...row, password_hash: passwordHash }),
          },
          clock,
        );
      });
    },

    async setLocale(actor: AuditActor & { staffId: number }, locale: PanelLocale): Promise<void> {
      await changeStaff(actor, actor.staffId, 'staff.locale', (tx) => updateStaff(tx, actor.staffId, { locale }));
    },
  };
}

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
export type EnrolmentResult = { check: 'ok'; recoveryCodes: string[] } | { check: 'invalid' | 'limited' };

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
  const refuseCode = async (staffId: number): Promise<'invalid' | 'limited'> =>
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
     * The secret an admin who has not enrolled yet scans: the one already shown while enrolment
     * is pending (a wrong code must not change the key the app holds), a new one at first or
     * when asked (`renew`: a key seen by someone else, an app that scanned nothing).
     */
    async startEnrolment(staff: PanelStaff, { renew = false } = {}): Promise<{ secret: string; uri: string; qrDataUrl: string } | null> {
      if (staff.stage !== 'enrol') return null;
      const row = await findStaffById(db, staff.id);
      if (!row || row.totp_enrolled_at) return null;
      let secret = row.totp_secret_enc && !renew ? decryptTotpSecret(row.totp_secret_enc) : null;
      if (secret === null) {
        secret = createTotpSecret();
        await updateStaff(db, staff.id, { totp_secret_enc: encryptTotpSecret(secret), totp_enrolled_at: null });
      }
      return { secret, ...(await getEnrolmentQr(secret, staff.email)) };
    },

    /**
     * The first code from the app confirms the secret; the session then opens the panel and the
     * admin gets recovery codes, shown this once (only their hashes are kept).
     */
    async confirmEnrolment(staff: PanelStaff, token: string, code: string): Promise<EnrolmentResult> {
      if (staff.stage !== 'enrol') return { check: 'invalid' };
      if (await limiter.isBlocked(STAFF_LIMITS.codeAccount, String(staff.id))) return { check: 'limited' };
      const row = await findStaffById(db, staff.id);
      if (!row?.totp_secret_enc || row.totp_enrolled_at) return { check: 'invalid' };
      const step = await checkTotpCode(decryptTotpSecret(row.totp_secret_enc), code, clock.now().getTime());
      if (step === null) return { check: await refuseCode(staff.id) };
      const recoveryCodes = createRecoveryCodes();
      const enrolled = await runInTransaction(db, async (tx) => {
        // Another enrolment page asked for a new key meanwhile: this code belongs to the old one.
        const locked = await findStaffById(tx, staff.id, true);
        if (!locked || locked.totp_secret_enc !== row.totp_secret_enc || locked.totp_enrolled_at) return false;
        await updateStaff(tx, staff.id, { totp_enrolled_at: clock.now(), totp_last_step: step });
        await replaceRecoveryCodes(tx, staff.id, recoveryCodes.map(hashRecoveryCode));
        await promote(tx, staff, token, 'staff.totp_enrol');
        return true;
      });
      if (!enrolled) return { check: 'invalid' };
      await limiter.reset(STAFF_LIMITS.codeAccount, String(staff.id));
      return { check: 'ok', recoveryCodes };
    },

    /** The second step with a recovery code instead of the app's: each code opens one session. */
    async verifyRecoveryCode(staff: PanelStaff, token: string, code: string): Promise<CodeCheck> {
      if (staff.stage !== 'totp') return 'invalid';
      if (await limiter.isBlocked(STAFF_LIMITS.codeAccount, String(staff.id))) return 'limited';
      if (!isRecoveryCodeShaped(code)) return refuseCode(staff.id);
      const accepted = await runInTransaction(db, async (tx) => {
        if (!(await useRecoveryCode(tx, staff.id, hashRecoveryCode(code), clock.now()))) return false;
        await promote(tx, staff, token, 'staff.login_recovery_code');
        return true;
      });
      if (!accepted) return refuseCode(staff.id);
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
