import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '#server/db/embedded.ts';
import { waitUntilReady } from './test-stack.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ShopProcess {
  port: number;
  /** The shop's process id (its CPU time is in /proc/<pid>/stat; benches read it). */
  pid: number;
  /** Still the process that was started (never restarted behind the test's back). */
  isRunning(): boolean;
  /** What it printed, when started with `captureOutput`. */
  getOutput(): string;
  /** Settles once it has exited, however that came. */
  exited: Promise<void>;
  /** Null while it runs; once it has exited, its exit code or signal and the last lines it printed. */
  getExitReport(): string | null;
  /** SIGTERM, then its exit code once it has exited. */
  stop(): Promise<number | null>;
}

const REPORTED_LINES = 30;

/**
 * Another built shop with `env` on top of this process's: on an existing database (no seeding)
 * or, with `databaseUrl` null, on its own embedded PostgreSQL under env.DATA_DIR (seeded).
 */
export async function startShopProcess(
  databaseUrl: string | null,
  env: Record<string, string> = {},
  options: { captureOutput?: boolean } = {},
): Promise<ShopProcess> {
  const port = await findFreePort();
  const { DATABASE_URL: _inherited, ...inheritedEnv } = process.env;
  const server = spawn(process.execPath, [path.join(projectRoot, 'server.mjs')], {
    cwd: projectRoot,
    env: {
      ...inheritedEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      ...(databaseUrl === null ? { SEED: '1' } : { DATABASE_URL: databaseUrl, SEED: '0' }),
      SHOP_ORIGIN_BR: `http://br.localhost:${port}`,
      SHOP_ORIGIN_ES: `http://es.localhost:${port}`,
      // As the test stack: every test request comes from 127.0.0.1, and per-IP counts live in the
      // shared database, so a second shop with the default limits refused requests the suite made before.
      RATE_LIMIT_IP_MULTIPLIER: '50',
      LOG_LEVEL: 'warn',
      // Two cores running the check, vitest and Playwright at once can starve a statement past the
      // production 5 s: a test's page then fails on the machine's load alone. Outage tests set their own.
      PG_STATEMENT_TIMEOUT_MS: '30000',
      PAGE_CACHE: 'off', // as the test stack (test-stack.ts)
      ...env,
    },
    stdio: ['ignore', options.captureOutput ? 'pipe' : 'ignore', options.captureOutput ? 'pipe' : 'ignore'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let output = '';
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
  await waitUntilReady(`http://127.0.0.1:${port}`, server, 90_000);
  const isRunning = () => server.exitCode === null && server.signalCode === null;
  return {
    port,
    pid: server.pid ?? 0,
    isRunning,
    getOutput: () => output,
    exited,
    getExitReport() {
      if (isRunning()) return null;
      const how = server.signalCode === null ? `with code ${server.exitCode}` : `on signal ${server.signalCode}`;
      if (!options.captureOutput) return `the shop on port ${port} exited ${how} (its output was not captured)`;
      if (output.trim() === '') return `the shop on port ${port} exited ${how}, having printed nothing`;
      return `the shop on port ${port} exited ${how}; its last output:\n${output.trimEnd().split('\n').slice(-REPORTED_LINES).join('\n')}`;
    },
    async stop() {
      if (isRunning()) server.kill('SIGTERM');
      await exited;
      return server.exitCode;
    },
  };
}
