import { StaffEmailSchema } from '#lib/contract/staff.ts';
import { getPasswordProblem } from '#lib/password-rule.ts';
import type { AuditActor } from '../audit/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { hashPassword } from '../accounts/index.ts';
import { staffError } from './errors.ts';
import {
  endAllStaffSessions,
  findStaffById,
  insertStaff,
  insertStaffToken,
  isStaffTokenLive,
  selectAllStaff,
  updateStaff,
  useStaffToken,
  type PanelLocale,
  type StaffRole,
  type StaffRow,
} from './repository.ts';
import { createStaffToken, hashStaffToken, isTokenShaped } from './tokens.ts';

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

/** Staff accounts: add, list, disable, reset (a new one-time link), set password, language. */
export function createStaffService({ db, clock }: { db: StaffDb; clock: Clock }) {
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

    async disableStaff(actor: AuditActor, id: number): Promise<void> {
      if (actor.staffId === id) throw staffError('invalid', 'notYourself');
      await changeStaff(actor, id, 'staff.disable', async (tx) => {
        await updateStaff(tx, id, { disabled_at: clock.now() });
        await endAllStaffSessions(tx, id, clock.now());
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
        await endAllStaffSessions(tx, id, clock.now());
        return issueLink(tx, id);
      });
    },

    async isSetPasswordLinkLive(token: string | null): Promise<boolean> {
      return isTokenShaped(token) && isStaffTokenLive(db, hashStaffToken(token), clock.now());
    },

    /** Uses the link once and sets the password; the account's sessions end. */
    async setPassword(token: string | null, password: string): Promise<void> {
      if (getPasswordProblem(password)) throw staffError('invalid', 'passwordWeak');
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
