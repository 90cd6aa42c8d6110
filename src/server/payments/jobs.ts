import { getConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { addJob } from '../jobs/service.ts';
import { getPaymentService } from './index.ts';

export const PAYMENT_JOBS_TASK = 'payment_jobs';

/** PAYMENT_JOBS_INTERVAL_S: seconds between runs (default 30); 0 turns the jobs off. */
export function getPaymentJobsInterval(): number {
  return getConfig().PAYMENT_JOBS_INTERVAL_S;
}

/**
 * Schedules the next run in `delaySeconds`. One job key: at most one run waits (a waiting one
 * keeps its time); one named queue: runs never overlap, whichever process takes them.
 */
export async function schedulePaymentJobs(db: Queryable, delaySeconds: number): Promise<void> {
  await addJob(
    db,
    PAYMENT_JOBS_TASK,
    {},
    {
      queueName: 'payment-jobs',
      jobKey: 'payment-jobs',
      jobKeyMode: 'preserve_run_at',
      runAt: new Date(Date.now() + delaySeconds * 1000),
    },
  );
}

/**
 * The payment_jobs job: reconciliation, then reservation expiry, then the next run scheduled
 * PAYMENT_JOBS_INTERVAL_S later. server.mjs schedules the first at boot (not a request: an idle
 * shop must still give expired reservations back); the queue hands each run to one process.
 * Expiry skips rows another transaction holds, and settling a payment is idempotent.
 */
export async function runPaymentJobs(db: Queryable): Promise<void> {
  const seconds = getPaymentJobsInterval();
  if (seconds === 0) return;
  try {
    const service = getPaymentService();
    await service.reconcile();
    await service.expireReservations();
  } catch (error) {
    console.warn('payment jobs failed', error);
  }
  await schedulePaymentJobs(db, seconds);
}
