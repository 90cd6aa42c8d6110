// The metrics' one SQL statement (decision 0720: SQL only in a repository.ts): the job queue's depth,
// read from graphile-worker's own table at scrape time.
import type { Queryable } from '../db/client.ts';

/** Jobs in the queue (metrics): waiting (due, scheduled or to retry) and dead (out of attempts). */
export async function countQueuedJobs(db: Queryable): Promise<{ waiting: number; dead: number }> {
  const { rows } = await db.query<{ waiting: number; dead: number }>(
    `SELECT count(*) FILTER (WHERE attempts < max_attempts)::int AS waiting, count(*) FILTER (WHERE attempts >= max_attempts)::int AS dead
       FROM graphile_worker._private_jobs`,
  );
  return rows[0] ?? { waiting: 0, dead: 0 };
}
