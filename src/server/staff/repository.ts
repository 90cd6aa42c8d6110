import type { PanelLocale } from '#lib/i18n/panel.ts';
import type { Queryable } from '../db/client.ts';

export type { PanelLocale };
export type StaffRole = 'admin' | 'counter';
export type SessionStage = 'totp' | 'enrol' | 'full';

export interface StaffRow {
  id: number;
  email: string;
  role: StaffRole;
  password_hash: string | null;
  locale: PanelLocale;
  totp_secret_enc: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: number | null;
  disabled_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  'id, email, role, password_hash, locale, totp_secret_enc, totp_enrolled_at, totp_last_step, disabled_at, last_login_at, created_at';
const S_COLUMNS = COLUMNS.split(', ')
  .map((column) => `s.${column}`)
  .join(', ');

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff WHERE lower(email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

/** FOR UPDATE when `lock`: writes read the row they change under a lock (the audit's 'before'). */
export async function findStaffById(db: Queryable, id: number, lock = false): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function selectAllStaff(db: Queryable): Promise<StaffRow[]> {
  const { rows } = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff ORDER BY lower(email)`);
  return rows;
}

/** null when the e-mail is taken. */
export async function insertStaff(db: Queryable, email: string, role: StaffRole, locale: PanelLocale): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(
    `INSERT INTO staff (email, role, locale) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [email, role, locale],
  );
  return rows[0] ?? null;
}

export async function updateStaff(
  db: Queryable,
  id: number,
  change: Partial<
    Pick<StaffRow, 'password_hash' | 'locale' | 'totp_secret_enc' | 'totp_enrolled_at' | 'totp_last_step' | 'disabled_at' | 'last_login_at'>
  >,
): Promise<void> {
  const entries = Object.entries(change);
  if (!entries.length) return;
  const sets = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
  await db.query(`UPDATE staff SET ${sets} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
}

/** Accepts a TOTP time step once: false when this step (or a later one) was already used. */
export async function claimTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
    [id, step],
  );
  return rowCount === 1;
}

/** The admin's recovery codes, by hash: any earlier set is gone. */
export async function replaceRecoveryCodes(db: Queryable, staffId: number, hashes: Buffer[]): Promise<void> {
  await deleteRecoveryCodes(db, staffId);
  await db.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) SELECT $1, unnest($2::bytea[])', [staffId, hashes]);
}

export async function deleteRecoveryCodes(db: Queryable, staffId: number): Promise<void> {
  await db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [staffId]);
}

/** Spends one recovery code: false when it is not this admin's or was used already. */
export async function useRecoveryCode(db: Queryable, staffId: number, hash: Buffer, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE staff_recovery_codes SET used_at = $3 WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [staffId, hash, now],
  );
  return rowCount === 1;
}

export async function insertStaffToken(db: Queryable, staffId: number, tokenHash: Buffer, expiresAt: Date): Promise<void> {
  await db.query('UPDATE staff_tokens SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL', [staffId]);
  await db.query('INSERT INTO staff_tokens (staff_id, token_hash, expires_at) VALUES ($1, $2, $3)', [staffId, tokenHash, expiresAt]);
}

/** Uses a set-password link once: the staff id, or null when unknown, used or expired. */
export async function useStaffToken(db: Queryable, tokenHash: Buffer, now: Date): Promise<number | null> {
  const { rows } = await db.query<{ staff_id: number }>(
    `UPDATE staff_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING staff_id`,
    [tokenHash, now],
  );
  return rows[0]?.staff_id ?? null;
}

export async function isStaffTokenLive(db: Queryable, tokenHash: Buffer, now: Date): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM staff_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2', [
    tokenHash,
    now,
  ]);
  return rows.length > 0;
}

export async function insertStaffSession(db: Queryable, tokenHash: Buffer, staffId: number, stage: SessionStage, now: Date): Promise<void> {
  await db.query('INSERT INTO staff_sessions (token_hash, staff_id, stage, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)', [
    tokenHash,
    staffId,
    stage,
    now,
  ]);
}

/**
 * The session's staff member, its idle clock restarted; null when unknown, ended, idle too long
 * (8 h signed in, 15 min between password and code) or the account is disabled.
 */
export async function touchStaffSession(db: Queryable, tokenHash: Buffer, now: Date): Promise<(StaffRow & { stage: SessionStage }) | null> {
  const { rows } = await db.query<StaffRow & { stage: SessionStage }>(
    `WITH live AS (
       UPDATE staff_sessions SET last_seen_at = $2
        WHERE token_hash = $1 AND ended_at IS NULL
          AND last_seen_at > $2::timestamptz - CASE WHEN stage = 'full' THEN interval '8 hours' ELSE interval '15 minutes' END
       RETURNING staff_id, stage)
     SELECT ${S_COLUMNS}, live.stage FROM live JOIN staff s ON s.id = live.staff_id WHERE s.disabled_at IS NULL`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function updateSessionStage(db: Queryable, tokenHash: Buffer, stage: SessionStage): Promise<void> {
  await db.query('UPDATE staff_sessions SET stage = $2 WHERE token_hash = $1', [tokenHash, stage]);
}

export async function endStaffSession(db: Queryable, tokenHash: Buffer, now: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL', [tokenHash, now]);
}

export async function endAllStaffSessions(db: Queryable, staffId: number, now: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET ended_at = $2 WHERE staff_id = $1 AND ended_at IS NULL', [staffId, now]);
}
