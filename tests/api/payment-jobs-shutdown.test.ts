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

/**
 * SIGTERM with the payment jobs running (server.mjs shutDown, src/server/payments/jobs.ts): the
 * shop as `npm start` runs it, owning its embedded PostgreSQL. The run in progress finishes
 * before the database stops, no run starts after the signal, and the shop exits 0 without
 * database errors.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let dataDir = '';
let shop: ChildProcess | undefined;

afterAll(async () => {
  if (shop && shop.exitCode === null) shop.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The shop's own PostgreSQL, found through the port in its postmaster.pid. */
async function connectToShopDatabase(): Promise<pg.Pool> {
  const port = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  return new pg.Pool({ connectionString: `postgres://postgres:fronteira-local@127.0.0.1:${port}/postgres`, max: 3 });
}

async function getStatus(db: pg.Pool, orderId: number): Promise<string> {
  return (await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]!.status;
}

/** A request whose body is still on its way: it keeps the server (and so the shutdown) open until finished. */
function startSlowRequest(port: number): { request: ClientRequest; finish(): void } {
  const body = JSON.stringify({ email: 'slow@example.test', password: 'not-the-password' });
  const outgoing = request({
    host: '127.0.0.1',
    port,
    path: '/ecom/login',
    method: 'POST',
    headers: { host: `es.localhost:${port}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  outgoing.on('response', (incoming) => incoming.resume());
  outgoing.on('error', () => {});
  outgoing.write(body.slice(0, 10));
  return { request: outgoing, finish: () => outgoing.end(body.slice(10)) };
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
      await sleep(300);
      shop.kill('SIGTERM');
      await sleep(1000);
      expect(shop.exitCode).toBeNull();
      await db.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [products[1]]);
      const second = await createExpiredOrder(db, customer, products[1]!, 'pay_shutdown_2');

      await holder.query('COMMIT');
      // The run in progress completes; over more than two intervals no other run takes the second order.
      await expect.poll(() => getStatus(db, first), { timeout: 5_000 }).toBe('CANCELADO');
      await sleep(2500);
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
