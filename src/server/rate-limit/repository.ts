import type { Queryable } from '../db/client.ts';

/**
 * A growing delay instead of a lock: the first `freeFailures` failures of a subject cost
 * nothing; each one after that makes it wait twice as long as the last (from `firstDelaySeconds`
 * up to `maxDelaySeconds`). Failures are forgotten `windowSeconds` after the last one. Kept in
 * the same PostgreSQL table as the fixed-window limits, so every instance shares them.
 */
export interface DelayRule {
  name: string;
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

/** The growing delays of service.ts, kept in the shared rate_limits table. */
export function createDelays({ db }: { db: Queryable }) {
  const keyOf = (rule: DelayRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;
  return {
    /** Seconds the subject must still wait before its next try (0: it may try now). */
    async getWaitSeconds(rule: DelayRule, subject: string): Promise<number> {
      const { rows } = await db.query<{ wait: number }>(
        `SELECT ceil(extract(epoch FROM (not_before - now())))::int AS wait
           FROM rate_limits WHERE key = $1 AND expires_at > now() AND not_before > now()`,
        [keyOf(rule, subject)],
      );
      return Math.max(0, rows[0]?.wait ?? 0);
    },

    /** Counts one failure in the subject's window; the failures so far. */
    async countFailure(rule: DelayRule, subject: string): Promise<number> {
      const { rows } = await db.query<{ points: number }>(
        `INSERT INTO rate_limits (key, points, expires_at) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.points + 1 END,
           expires_at = EXCLUDED.expires_at
         RETURNING points`,
        [keyOf(rule, subject), rule.windowSeconds],
      );
      return rows[0]?.points ?? 0;
    },

    /** The subject's next try is allowed `wait` seconds from now. */
    async setWait(rule: DelayRule, subject: string, wait: number): Promise<void> {
      await db.query('UPDATE rate_limits SET not_before = now() + make_interval(secs => $2) WHERE key = $1', [keyOf(rule, subject), wait]);
    },

    async clearFailures(rule: DelayRule, subject: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [keyOf(rule, subject)]);
    },
  };
}

/** The fixed windows of service.ts's limits, in the same table. */
export function createLimitWindows({ db }: { db: Queryable }) {
  return {
    /** Counts one use in the key's window (a new one when it expired); the uses so far. */
    async count(key: string, windowSeconds: number): Promise<number> {
      const { rows } = await db.query<{ points: number }>(
        `INSERT INTO rate_limits (key, points, expires_at) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.points + 1 END,
           expires_at = CASE WHEN rate_limits.expires_at <= now() THEN EXCLUDED.expires_at ELSE rate_limits.expires_at END
         RETURNING points`,
        [key, windowSeconds],
      );
      const points = rows[0]?.points ?? 0;
      // A new window is the moment to drop stale ones, so the table stays the size of its live keys.
      if (points === 1) await db.query("DELETE FROM rate_limits WHERE expires_at < now() - interval '1 hour'");
      return points;
    },

    async getPoints(key: string): Promise<number> {
      const { rows } = await db.query<{ points: number }>('SELECT points FROM rate_limits WHERE key = $1 AND expires_at > now()', [key]);
      return rows[0]?.points ?? 0;
    },

    async remove(key: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
  };
}
