import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findFreePort, startEmbeddedPostgres } from '#server/db/embedded.ts';
import { startFakeCepServer, startSmtpCatcher, type SmtpDelivery, type SmtpRefusal } from './fake-services.ts';
import { startFakeGateways, type FakeGateways } from './fake-gateways.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestStack {
  port: number;
  /** Origin for plain requests (127.0.0.1); storefront hosts are `br.localhost:port`, `es.localhost:port`. */
  baseUrl: string;
  databaseUrl: string;
  dataDir: string;
  /** Folder where the SMTP catcher writes every mail the shop sends (one .eml each). */
  mailDir: string;
  /** The SMTP catcher's URL (for more shop processes on this stack). */
  smtpUrl: string;
  /** Deliveries the SMTP catcher refused (see TestStackOptions.smtpRefuse). */
  getSmtpRefusals(): Array<SmtpDelivery & { code: number }>;
  /** What the shop printed so far (stdout and stderr), when started with `captureOutput`. */
  getOutput(): string;
  /** The local Mercado Pago and Pagopar the shop is pointed at (chosen with PAYMENT_PROVIDER_BR/PY in `extraEnv`). */
  gateways: FakeGateways;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  /** false: no SMTP_URL, so the shop writes each message under DATA_DIR/mail (DECISIONS.md). */
  smtp?: boolean;
  /** Keep the shop's output for assertions instead of passing it through. */
  captureOutput?: boolean;
  /** Makes the SMTP catcher refuse some deliveries with a reply code (default: accepts all). */
  smtpRefuse?: SmtpRefusal;
}

/** Runs one statement on the PostgreSQL server at `serverUrl`, connected to the database it names. */
async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function createFreshDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  const name = `fronteira_test_${Date.now().toString(36)}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function waitUntilReady(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the shop exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the shop was not ready at ${url} within ${timeoutMs} ms`);
}

/**
 * A fresh database (an embedded PostgreSQL in a temporary folder, or a new database on
 * TEST_DATABASE_URL's server: in an API test file, its worker slot's, api-file-setup.ts) and the
 * built shop serving it on a free port. The shop migrates
 * and seeds the demo catalogue itself, as `npm start` does.
 */
export async function startTestStack(extraEnv: Record<string, string> = {}, options: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-test-'));
  await chmod(dataDir, 0o755); // the postgres user must reach its folder inside
  const embedded = process.env.TEST_DATABASE_URL ? undefined : await startEmbeddedPostgres(dataDir);
  const serverUrl = embedded ? embedded.url : String(process.env.TEST_DATABASE_URL);
  const database = await createFreshDatabase(serverUrl);
  const databaseUrl = database.url;
  const mailDir = path.join(dataDir, 'caught-mail');
  const cep = await startFakeCepServer();
  const smtp = await startSmtpCatcher(mailDir, options.smtpRefuse);
  const gateways = await startFakeGateways();
  const port = await findFreePort();
  const { SMTP_URL: _inheritedSmtp, ...inheritedEnv } = process.env;
  const server = spawn(process.execPath, [path.join(projectRoot, 'server.mjs')], {
    cwd: projectRoot,
    env: {
      ...inheritedEnv,
      ...gateways.env,
      // Tests edit the database behind the shop's back and read the page at once: the page
      // cache would hear of it by NOTIFY a moment later. Its own tests turn it on (page-cache.test.ts).
      PAGE_CACHE: 'off',
      ...extraEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // A test of the shop behind a TLS proxy gives https origins (behind-proxy.test.ts).
      SHOP_ORIGIN_BR: extraEnv.SHOP_ORIGIN_BR ?? `http://br.localhost:${port}`,
      SHOP_ORIGIN_ES: extraEnv.SHOP_ORIGIN_ES ?? `http://es.localhost:${port}`,
      // Every test request comes from 127.0.0.1: per-IP limits would throttle the whole suite.
      RATE_LIMIT_IP_MULTIPLIER: extraEnv.RATE_LIMIT_IP_MULTIPLIER ?? '50',
      // Warnings and errors only: an access line per request would bury the test output.
      LOG_LEVEL: extraEnv.LOG_LEVEL ?? 'warn',
      // Two cores running the check, vitest and Playwright at once can starve a statement past the
      // production 5 s: a test's page then fails on the machine's load alone. Outage tests set their own.
      PG_STATEMENT_TIMEOUT_MS: extraEnv.PG_STATEMENT_TIMEOUT_MS ?? '30000',
      CEP_API_URL: cep.url,
      ...(options.smtp === false ? {} : { SMTP_URL: smtp.url }),
    },
    stdio: ['ignore', options.captureOutput ? 'pipe' : 'inherit', options.captureOutput ? 'pipe' : 'inherit'],
  });
  let output = '';
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, server);
  return {
    port,
    baseUrl,
    databaseUrl,
    dataDir,
    mailDir,
    smtpUrl: smtp.url,
    getSmtpRefusals: smtp.getRefusals,
    getOutput: () => output,
    gateways,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await Promise.all([cep.stop(), smtp.stop(), gateways.stop()]);
      // A database on a server the stack did not start goes with it (WITH (FORCE): its last
      // connections may still be closing).
      if (embedded) await embedded.stop();
      else await runOnServer(serverUrl, `DROP DATABASE ${database.name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
