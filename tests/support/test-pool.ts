import pg from 'pg';

/**
 * A pool on a test database. Its connections die with the database when a stack stops: pg-pool's
 * end() resolves before its sockets close, and an idle connection still open then hears the
 * server's goodbye (57P01, "terminating connection due to administrator command") as an error.
 * Without a listener that is an unhandled 'error' event, which fails the whole run at random.
 * Queries still reject with their own errors; only idle connections' deaths are let go.
 */
export function createTestPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  return pool;
}
