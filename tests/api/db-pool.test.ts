// The serving pool's two limits (src/server/db/client.ts toPoolTimeouts): a request waits in line
// for a busy pool's connection well past the time a connection may take to open. Under a load
// average of 18, 50 concurrent checkouts on 10 connections answered 503 when the two were one.
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRunStack } from '../support/api.ts';
import { isDatabaseUnavailable, toPoolTimeouts } from '#server/db/client.ts';

const CONNECT_MS = 100;
const WAIT_MS = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('the serving pool', () => {
  it('queues a request for a busy connection far longer than a connection may take to open', async () => {
    const pool = new pg.Pool({
      connectionString: getRunStack().databaseUrl,
      max: 1,
      ...toPoolTimeouts({ connectMs: CONNECT_MS, waitMs: WAIT_MS }),
    });
    pool.on('error', () => {});
    const busy = await pool.connect();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let waited: pg.PoolClient | Error | undefined;
    const waiting = pool.connect().then(
      (client) => (waited = client),
      (error: Error) => (waited = error),
    );
    await vi.advanceTimersByTimeAsync(CONNECT_MS * 20);
    expect(waited).toBeUndefined();
    busy.release();
    await waiting;
    vi.useRealTimers();
    expect(waited).toBeInstanceOf(pg.Client);
    expect((await (waited as pg.PoolClient).query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    (waited as pg.PoolClient).release();
    await pool.end();
  });

  it('still fails at once a connection the database does not open (the request answers 503)', async () => {
    // A listener that accepts and never speaks: a stalled database.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const pool = new pg.Pool({
      connectionString: `postgres://shop@127.0.0.1:${port}/shop`,
      max: 1,
      ...toPoolTimeouts({ connectMs: CONNECT_MS, waitMs: WAIT_MS }),
    });
    pool.on('error', () => {});
    const failure = await pool.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await pool.end();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
