import { getConfig } from '../config.ts';
import { getPaymentService } from './services.ts';

export interface PaymentJobs {
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/** PAYMENT_JOBS_INTERVAL_S: seconds between runs (default 30); 0 or less turns the jobs off. */
export function getPaymentJobsInterval(): number {
  return getConfig().PAYMENT_JOBS_INTERVAL_S;
}

/**
 * Reconciliation, then reservation expiry, every PAYMENT_JOBS_INTERVAL_S seconds. Started by
 * server.mjs once the database is up (not by a request: an idle shop must still give expired
 * reservations back) and stopped on SIGTERM before the database. Several instances may run it:
 * expiry skips rows another instance holds, and settling a payment is idempotent.
 */
export function startPaymentJobs(): PaymentJobs {
  const seconds = getPaymentJobsInterval();
  if (seconds === 0) return { stop: async () => {} };
  const service = getPaymentService();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = service.reconcile()
      .then(() => service.expireReservations())
      .then(() => undefined, (error: unknown) => console.warn('payment jobs failed', error))
      .finally(() => { running = null; });
  }, seconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
