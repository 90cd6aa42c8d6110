import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';

/**
 * Issue 21 point 4: WEB_CONCURRENCY=2 on the shop's own embedded PostgreSQL. One primary boots
 * the database once and two serving processes share the port and the database; jobs run once;
 * a worker that dies is replaced; SIGTERM stops them all and then PostgreSQL.
 */

let shop: ShopProcess;
let dataDir = '';
let db: pg.Client | undefined;

/**
 * A new connection per call (no keep-alive), so the cluster may hand it to either process. A
 * connection handed to a worker in the instant it is killed is lost (as behind any balancer):
 * it times out.
 */
function askHealth(port: number): Promise<{ status: number; pid: string }> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 2000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, pid: String(response.headers['x-process-id'] ?? '') }));
    });
    request.on('timeout', () => request.destroy(new Error('timed out'))).on('error', reject);
  });
}

/**
 * The pids answering `calls` health checks; with `until`, keeps asking (up to 20 s) until that
 * many processes have answered: the shop is ready when its first worker listens, the others
 * may still be starting.
 */
async function collectPids(port: number, calls = 12, until = 0): Promise<Set<string>> {
  const pids = new Set<string>();
  const deadline = Date.now() + 20_000;
  for (let i = 0; i < calls || (pids.size < until && Date.now() < deadline); i += 1) {
    const answer = await askHealth(port);
    expect(answer.status).toBe(200);
    pids.add(answer.pid);
  }
  return pids;
}

/** PostgreSQL servers running on `dataDir`'s database folder (their command line names it). */
async function countPostmasters(): Promise<number> {
  const target = path.join(dataDir, 'pg');
  let count = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const parts = args.split('\0');
    if (parts.includes('-D') && parts[parts.indexOf('-D') + 1] === target) count += 1;
  }
  return count;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-cluster-'));
  await chmod(dataDir, 0o755);
  shop = await startShopProcess(null, { DATA_DIR: dataDir, WEB_CONCURRENCY: '2', PROCESS_ID_HEADER: 'on' }, { captureOutput: true });
  // The embedded server's port is in its lock file (line 4); it listens on the socket folder /tmp.
  const port = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3];
  db = new pg.Client({ connectionString: `postgres://postgres:fronteira-local@localhost:${port}/postgres?host=%2Ftmp` });
  await db.connect();
}, 120_000);

function getDb(): pg.Client {
  if (!db) throw new Error('no database connection');
  return db;
}

afterAll(async () => {
  await db?.end();
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2', () => {
  it('two processes answer on one port, on one PostgreSQL seeded once', async () => {
    expect((await collectPids(shop.port, 12, 2)).size).toBe(2);
    expect(await countPostmasters()).toBe(1);
    expect((await getDb().query<{ n: number }>('SELECT count(*)::int AS n FROM products')).rows[0]!.n).toBe(600);
  });

  it('each queued job runs once across the processes', async () => {
    const tag = `cluster-${Date.now().toString(36)}`;
    const batch = Array.from({ length: 20 }, (_, i) => ({ to: `${tag}-${i}@example.test`, subject: `${tag} ${i}`, text: `mensaje ${i}` }));
    await getDb().query(`SELECT graphile_worker.add_job('send_mail', m) FROM json_array_elements($1::json) AS m`, [JSON.stringify(batch)]);
    const pending = async () =>
      (
        await getDb().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'subject' LIKE $1`,
          [`${tag} %`],
        )
      ).rows[0]!.n;
    await expect.poll(pending, { timeout: 30_000, interval: 200 }).toBe(0);
    // No SMTP_URL: each message is one .eml file under DATA_DIR/mail.
    const folder = path.join(dataDir, 'mail');
    const subjects: string[] = [];
    for (const name of await readdir(folder)) {
      const subject = /^Subject: (.*)$/m.exec(await readFile(path.join(folder, name), 'utf8'))?.[1]?.trim() ?? '';
      if (subject.startsWith(`${tag} `)) subjects.push(subject);
    }
    expect(subjects.sort()).toEqual(batch.map((mail) => mail.subject).sort());
  }, 40_000);

  it('a worker that dies is replaced by a new process', async () => {
    const before = await collectPids(shop.port);
    const victim = [...before][0]!;
    process.kill(Number(victim), 'SIGKILL');
    await expect
      .poll(
        async () => {
          const now = await collectPids(shop.port, 6).catch(() => new Set<string>());
          return now.size === 2 && !now.has(victim);
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(true);
    expect(shop.isRunning()).toBe(true);
  }, 40_000);

  it('SIGTERM stops every process, then PostgreSQL, and exits 0', async () => {
    const pids = [...(await collectPids(shop.port, 12, 2))].map(Number);
    await getDb().end();
    db = undefined;
    expect(await shop.stop()).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(await countPostmasters()).toBe(0);
  }, 40_000);
});
