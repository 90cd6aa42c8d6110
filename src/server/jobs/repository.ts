import type { Queryable } from '../db/client.ts';

export interface JobOptions {
  /** Jobs of one named queue run one at a time across every process. */
  queueName?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one waiting job per key; `preserve_run_at` keeps the waiting one's time. */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at';
}

/**
 * Adds a job through graphile-worker's own SQL function, on `db`: inside the caller's
 * transaction when `db` is one, so a rolled-back change adds nothing and a committed one
 * always has its job. The worker (service.ts) installs the schema at start.
 */
export async function addJob(db: Queryable, task: string, payload: object, options: JobOptions = {}): Promise<void> {
  await db.query(
    `SELECT graphile_worker.add_job($1, $2::json, queue_name => $3, run_at => $4, max_attempts => $5, job_key => $6,
                                    job_key_mode => $7)`,
    [
      task,
      JSON.stringify(payload),
      options.queueName ?? null,
      options.runAt ?? null,
      options.maxAttempts ?? null,
      options.jobKey ?? null,
      options.jobKeyMode ?? 'replace',
    ],
  );
}

/**
 * The same call as a SQL expression, for a statement that adds its job in its own round trip
 * (checkout counts them). `task` is one of our task names, `payloadSql` a json expression.
 */
export function toAddJobSql(task: string, payloadSql: string, maxAttempts: number): string {
  if (!/^[a-z_]+$/.test(task) || !Number.isInteger(maxAttempts)) throw new Error(`not a job: ${task}`);
  return `graphile_worker.add_job('${task}', ${payloadSql}, max_attempts => ${maxAttempts})`;
}
