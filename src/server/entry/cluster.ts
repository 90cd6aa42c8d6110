import cluster, { type Worker } from 'node:cluster';
import { createRestartBackoff } from './restart-backoff.ts';

/** What the primary set up once and takes down last (the database and its embedded server). */
interface PreparedShop {
  stop(): Promise<void>;
}

export interface ClusterPrimaryOptions {
  /** How many serving processes (WEB_CONCURRENCY). */
  workers: number;
  /** The startup work done once for all of them before the first fork: database, migrations, seed, first jobs. */
  prepare(): Promise<PreparedShop>;
  /** How long a worker has to finish its requests after SIGTERM before it is killed. */
  graceMs: number;
}

/**
 * The primary of `WEB_CONCURRENCY` > 1 (server.mjs): it serves nothing itself. It does the
 * startup work once (the embedded PostgreSQL, migrations, seeding, the first payment run), then
 * forks the serving workers, which share the port (node:cluster hands connections round robin)
 * and reach the database through the DATABASE_URL they inherit. A worker that dies is started
 * again with a growing back-off, however often (restart-backoff.ts); once the first worker
 * listens, a parent that started this one with an IPC channel (`npm start`'s supervisor) is told
 * `{ type: 'ready' }`. SIGTERM or SIGINT stops every worker gracefully, then the database. Never returns.
 */
export async function runClusterPrimary({ workers, prepare, graceMs }: ClusterPrimaryOptions): Promise<never> {
  const prepared = await prepare();
  let stopping = false;
  const backoff = createRestartBackoff();
  const startedAt = new WeakMap<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const delayMs = backoff.nextDelayMs(Date.now() - (startedAt.get(worker) ?? 0));
    console.error(
      `[cluster] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another${delayMs ? ` in ${delayMs} ms` : ''}`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  async function stopAll(): Promise<void> {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
            // The worker closes its own connections after graceMs; this is for one that hangs.
            setTimeout(() => {
              if (!worker.isDead()) worker.process.kill('SIGKILL');
            }, graceMs + 5000).unref();
          }),
      ),
    );
    await prepared.stop().catch((error: unknown) => console.error('[cluster] database stop failed', error));
    process.exit(0);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      console.log(`${signal}: stopping ${workers} shop processes`);
      void stopAll();
    });
  }
  // `npm start`'s supervisor gone (killed): stop rather than serve on as an orphan it cannot see.
  if (process.connected) process.once('disconnect', () => !stopping && void stopAll());
  cluster.once('listening', () => process.send?.({ type: 'ready' }));
  for (let index = 0; index < workers; index += 1) fork();
  console.log(`[cluster] ${workers} shop processes on one database (WEB_CONCURRENCY=${workers})`);
  return new Promise<never>(() => {});
}
