import { getPictureBatches, PICTURE_BATCH_TASK } from '../catalogue-media/index.ts';
import { getPool } from '../db/client.ts';
import { createOrderMailSender, ORDER_MAIL_TASK, SEND_MAIL_TASK, sendQueuedMail } from '../mail/index.ts';
import { getPaymentJobsInterval, PAYMENT_JOBS_TASK, runPaymentJobs, schedulePaymentJobs } from '../payments/index.ts';
import { startJobWorker, type JobWorker } from './service.ts';

export type { JobWorker } from './service.ts';

/**
 * The job queue's worker for this shop process (server.mjs, once the database is up): e-mails,
 * the payment jobs and pictures in bulk. Every process runs one; each job runs in one of them. `scheduleFirst`:
 * this process also queues the first payment run (false in the workers of a cluster, whose
 * primary does it once: scheduleStartupJobs).
 */
export async function startJobs(databaseUrl: string, { scheduleFirst = true }: { scheduleFirst?: boolean } = {}): Promise<JobWorker> {
  const pool = getPool();
  const worker = await startJobWorker({
    connectionString: databaseUrl,
    handlers: {
      [SEND_MAIL_TASK]: sendQueuedMail,
      [ORDER_MAIL_TASK]: createOrderMailSender({ db: pool }),
      // A process whose payment jobs are off leaves their run to the others: taking it would end
      // the self-rescheduling run for the whole fleet (the runner schedules no next one then).
      ...(getPaymentJobsInterval() > 0 ? { [PAYMENT_JOBS_TASK]: () => runPaymentJobs(pool) } : {}),
      [PICTURE_BATCH_TASK]: (payload) => getPictureBatches().process(payload),
    },
  });
  if (scheduleFirst) await scheduleStartupJobs();
  return worker;
}

/** The self-rescheduling payment run (reconciliation, reservation expiry) queued at boot. */
export async function scheduleStartupJobs(): Promise<void> {
  if (getPaymentJobsInterval() > 0) await schedulePaymentJobs(getPool(), 0);
}
