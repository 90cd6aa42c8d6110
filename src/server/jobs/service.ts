// The job queue (decision 0520, 0720): how other domains add a job (addJob, toAddJobSql: on the
// caller's connection, inside its transaction, so a rolled-back change adds nothing; the
// statements are in repository.ts), the queue's schema and the worker every shop process runs
// (its wiring with the shop's tasks: index.ts).
import { Logger, run, runMigrations, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { DB_TYPES } from '#server/db/client.ts';
import { countJobFailure } from '#server/metrics/index.ts';

export { addJob, toAddJobSql } from './repository.ts';

/** A job's work; throwing makes the queue try again later (graphile-worker: after e^attempts seconds). */
export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobWorker {
  /** Takes no new job, waits for the ones running, then closes the worker's connections. */
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  connectionString: string;
  handlers: Record<string, JobHandler>;
  concurrency?: number;
  /** How often jobs that became due (retries, scheduled runs) are looked for; new jobs arrive by NOTIFY. */
  pollIntervalMs?: number;
}

// graphile-worker's info lines (one per job) would bury the shop's log: warnings and errors only.
const logger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.warn(`[jobs] ${message}`);
});

/**
 * Installs or upgrades the queue's schema (graphile_worker), with the shop's own migrations:
 * checkout and settlement add jobs through its SQL function, also in a process that runs no
 * worker (`astro dev`, scripts). Several processes may do it at once (the library handles it).
 */
export async function installJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger });
}

/**
 * The queue's worker in this process. Every shop process runs one against the same database;
 * graphile-worker locks each job (SKIP LOCKED), so a job runs in one process only.
 */
export async function startJobWorker({
  connectionString,
  handlers,
  concurrency = 2,
  pollIntervalMs = 1000,
}: JobWorkerOptions): Promise<JobWorker> {
  // Its own small pool: the LISTEN connection and job fetches must not take the request pool's connections.
  const pool = new pg.Pool({ connectionString, max: concurrency + 2, types: DB_TYPES });
  pool.on('error', (error) => console.error('[jobs] idle connection lost:', error.message));
  // A checked-out client (the LISTEN one) that loses its server must not crash the process either.
  pool.on('connect', (client) => client.on('error', (error) => console.error('[jobs] connection lost:', error.message)));
  const running = new Set<Promise<void>>();
  const taskList: TaskList = Object.fromEntries(
    Object.entries(handlers).map(([name, handle]) => [
      name,
      (payload: unknown) => {
        const work = handle(payload);
        running.add(work);
        const forget = () => {
          running.delete(work);
        };
        work.then(forget, () => {
          forget();
          countJobFailure(name);
        });
        return work;
      },
    ]),
  );
  const runner = await run({ pgPool: pool, concurrency, noHandleSignals: true, pollInterval: pollIntervalMs, taskList, logger });
  return {
    async stop() {
      await runner.stop();
      // stop() may give up on a job after its abort timeout; the shop's pool closes only after the job's own end.
      await Promise.allSettled([...running]);
      pool.removeAllListeners('error');
      pool.on('error', () => {});
      await pool.end();
    },
  };
}
