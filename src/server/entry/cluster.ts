import cluster, { type Worker } from 'node:cluster';

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

/** A worker that dies sooner than this after its start counts as a failed start. */
const QUICK_DEATH_MS = 5000;
/** Failed starts in a row after which the primary gives up (a broken build would loop forever). */
const MAX_QUICK_DEATHS = 8;

/** Waits before restarting a worker: none after a crash of a worker that ran, doubling after failed starts. */
function getWorkerRestartDelayMs(quickDeathsInARow: number): number {
  return quickDeathsInARow === 0 ? 0 : Math.min(250 * 2 ** (quickDeathsInARow - 1), 10_000);
}

/**
 * The primary of `WEB_CONCURRENCY` > 1 (server.mjs): it serves nothing itself. It does the
 * startup work once (the embedded PostgreSQL, migrations, seeding, the first payment run), then
 * forks the serving workers, which share the port (node:cluster hands connections round robin)
 * and reach the database through the DATABASE_URL they inherit. A worker that dies is started
 * again; SIGTERM or SIGINT stops every worker gracefully, then the database. Never returns.
 */
export async function runClusterPrimary({ workers, prepare, graceMs }: ClusterPrimaryOptions): Promise<never> {
  const prepared = await prepare();
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new WeakMap<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths > MAX_QUICK_DEATHS) {
      console.error(`[cluster] workers keep dying at start (${quickDeaths} in a row): stopping`);
      void stopAll(1);
      return;
    }
    const delayMs = getWorkerRestartDelayMs(quickDeaths);
    console.error(
      `[cluster] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another${delayMs ? ` in ${delayMs} ms` : ''}`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  async function stopAll(exitCode: number): Promise<void> {
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
    process.exit(exitCode);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      console.log(`${signal}: stopping ${workers} shop processes`);
      void stopAll(0);
    });
  }
  for (let index = 0; index < workers; index += 1) fork();
  console.log(`[cluster] ${workers} shop processes on one database (WEB_CONCURRENCY=${workers})`);
  return new Promise<never>(() => {});
}
