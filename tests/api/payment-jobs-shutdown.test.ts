import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/db/embedded.ts';
import { createExpiredOrder, createRucCustomer } from '../support/expired-orders.ts';
import { waitUntilReady } from '../support/test-stack.ts';
import { createTestPool } from '../support/test-pool.ts';

/**
 * SIGTERM with the payment jobs running (server.mjs shutDown, src/server/payments/service.ts): the
 * shop as `npm start` runs it, owning its embedded PostgreSQL. The run in progress finishes
 * before the database stops, no run starts after the signal, and the shop exits 0 without
 * database errors.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
let dataDir = '';
let shop: ChildProcess | undefined;

afterAll(async () => {
  if (shop && shop.exitCode === null) shop.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The shop's own PostgreSQL, found through the port in its postmaster.pid. */
async function connectToShopDatabase(): Promise<pg.Pool> {
  const port = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  return createTestPool({ connectionString: `postgres://postgres:fronteira-local@127.0.0.1:${port}/postgres`, max: 3 });
}

async function getStatus(db: pg.Pool, orderId: number): Promise<string> {
  return (await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]!.status;
}

/**
 * A request whose body is still on its way: it keeps the server (and so the shutdown) open until
 * finished. `received` settles when the server has read its head (its `100 Continue`, which
 * Node's server writes as it hands the request on): from then on it is in flight, not an idle
 * connection the shutdown closes.
 */
function startSlowRequest(port: number): { request: ClientRequest; received: Promise<void>; finish(): void } {
  const body = JSON.stringify({ email: 'slow@example.test', password: 'not-the-password' });
  const outgoing = request({
    host: '127.0.0.1',
    port,
    path: '/ecom/login',
    method: 'POST',
    headers: {
      host: `es.localhost:${port}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const received = new Promise<void>((resolve, reject) => {
    outgoing.once('continue', () => {
      outgoing.write(body.slice(0, 10));
      resolve();
    });
    outgoing.once('error', reject);
  });
  outgoing.on('response', (incoming) => incoming.resume());
  outgoing.on('error', () => {});
  outgoing.flushHeaders();
  return { request: outgoing, received, finish: () => outgoing.end(body.slice(10)) };
}

describe('SIGTERM with payment jobs running', () => {
  it('lets the run in progress finish, starts none after the signal, then stops the database and exits 0', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-jobs-stop-'));
    await chmod(dataDir, 0o755);
    const port = await findFreePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PAYMENT_JOBS_INTERVAL_S: '1',
    };
    delete env.DATABASE_URL;
    shop = spawn(process.execPath, [path.join(projectRoot, 'server.mjs')], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [shop.stdout, shop.stderr])
      stream?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
    const exited = new Promise<number | null>((resolve) => shop!.once('exit', (code) => resolve(code)));
    await waitUntilReady(`http://127.0.0.1:${port}`, shop, 90_000);

    const db = await connectToShopDatabase();
    const holder = await db.connect();
    let released = false;
    try {
      const products = (
        await db.query<{ id: number }>('SELECT id FROM products WHERE physical_stock AND stock >= 2 ORDER BY id LIMIT 2')
      ).rows.map((row) => row.id);
      const customer = await createRucCustomer(db, 'jobs-stop@example.test');
      // The first product's row stays locked: the expiry run that picks the first order waits on it.
      await holder.query('BEGIN');
      await holder.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [products[0]]);
      const first = await createExpiredOrder(db, customer, products[0]!, 'pay_shutdown_1');
      const waiting = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          )
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);

      const slow = startSlowRequest(port);
      await slow.received;
      shop.kill('SIGTERM');
      // The signal is handled (the worker told to take no new job in the same step) and the shop waits.
      await expect.poll(() => output, { timeout: 10_000 }).toContain('SIGTERM: finishing in-flight requests');
      expect(shop.exitCode).toBeNull();
      await db.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [products[1]]);
      const second = await createExpiredOrder(db, customer, products[1]!, 'pay_shutdown_2');

      await holder.query('COMMIT');
      // The run in progress completes and schedules the next one, which no process takes: it stays
      // waiting until it is overdue by two of the worker's polls (1 s each), and the second order is untouched.
      await expect.poll(() => getStatus(db, first), { timeout: 5_000 }).toBe('CANCELADO');
      const overdueRuns = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM graphile_worker.jobs
             WHERE task_identifier = 'payment_jobs' AND locked_at IS NULL AND run_at < now() - interval '2 seconds'`,
          )
        ).rows[0]!.n;
      await expect.poll(overdueRuns, { timeout: 10_000 }).toBe(1);
      expect(await getStatus(db, second)).toBe('PAGAMENTO');
      expect(shop.exitCode).toBeNull();

      holder.release();
      released = true;
      await db.end();
      slow.finish();
      expect(await exited).toBe(0);
    } finally {
      if (!released) {
        await holder.query('ROLLBACK').catch(() => {});
        holder.release();
        await db.end();
      }
    }
    expect(output).toContain('SIGTERM: finishing in-flight requests');
    expect(output).not.toMatch(
      /database stop failed|payment jobs failed|idle connection lost|ECONNREFUSED|Connection terminated|Cannot use a pool/,
    );
    // PostgreSQL itself was shut down cleanly with the shop.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 150_000);
});
