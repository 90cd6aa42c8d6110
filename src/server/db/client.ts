import { createHash } from 'node:crypto';
import pg from 'pg';
import { getConfig } from '../config.ts';
import { createLogLimiter } from '../log/limit.ts';

// An outage fails every connection at once: a few lines say so, not one per connection.
const logDatabaseError = createLogLimiter({ linesPerWindow: 5, windowMs: 10_000 });

/**
 * The type parsers of every connection the shop opens: bigint counts and numeric columns as JS
 * numbers (every amount we store fits in 2^53). Given to each pool and client (pg's `types`
 * option), never set on pg's process-wide registry: other code importing pg keeps its defaults.
 */
export const DB_TYPES = new pg.TypeOverrides();
DB_TYPES.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
DB_TYPES.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

// One pool per process, shared by the pages, the entry and the scripts that boot it.
let sharedPool: pg.Pool | undefined;

export function getPool(): pg.Pool {
  if (!sharedPool) {
    const { PG_POOL_MAX: max, PG_POOL_MIN, PG_STATEMENT_TIMEOUT_MS, PG_CONNECT_TIMEOUT_MS, PG_POOL_WAIT_MS } = getConfig();
    sharedPool = new pg.Pool({
      ...getConnectionOptions(),
      ...toPoolTimeouts({ connectMs: PG_CONNECT_TIMEOUT_MS, waitMs: PG_POOL_WAIT_MS }),
      max,
      // Connections are kept, not closed when idle: opening one under load (a backend to start,
      // catalogue caches and statement plans to build) stalled the first burst after a quiet spell.
      min: Math.min(max, PG_POOL_MIN ?? max),
      idleTimeoutMillis: 30_000,
      // The server cancels a long statement itself; the client gives up a little later on a
      // database that does not answer at all (stalled, partitioned), so the request gets a 503.
      statement_timeout: PG_STATEMENT_TIMEOUT_MS,
      query_timeout: PG_STATEMENT_TIMEOUT_MS + 1000,
    });
    // An idle connection the server closes (restart, failover) must not crash the process:
    // the pool drops it and the next query opens a new one.
    sharedPool.on('error', (error) => logDatabaseError('[db] idle connection lost:', error.message));
    // pg-pool listens for a client's errors only while it is idle: a client lent out (a transaction
    // between two statements) whose connection is cut emits 'error' with no listener, which ends
    // the process. Its next statement fails instead (a 503), and release(error) drops it.
    sharedPool.on('connect', (client) => client.on('error', ignoreLentClientError));
  }
  return sharedPool;
}

/**
 * pg-pool's `connectionTimeoutMillis` bounds both the wait in line for a free connection and the
 * opening of a new one. They are two limits: a busy pool (50 shoppers checking out at once on 10
 * connections, a loaded machine) must queue its requests for seconds rather than answer 503,
 * while a database that does not accept a connection must fail it quickly. The pool gets the
 * wait; each client opens its connection within `connectMs` (pg.Client's own option).
 */
export function toPoolTimeouts({ connectMs, waitMs }: { connectMs: number; waitMs: number }): pg.PoolConfig {
  class ClientOpeningInTime extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  }
  return { connectionTimeoutMillis: waitMs, Client: ClientOpeningInTime };
}

const statementNames = new Map<string, string>();

/**
 * A statement each pooled connection keeps prepared (named by a hash of its text): parsed once,
 * and after five runs planned once when the generic plan is no dearer than the custom ones. For
 * the hot catalogue reads whose best plan does not depend on the values (a unique slug, an id, a
 * brand): planning their joins cost PostgreSQL more than running them (decision 0004). Not for a
 * text search, whose plan depends on how common its words are.
 */
export function toPreparedQuery(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(text, name);
  }
  return { name, text, values };
}

function ignoreLentClientError(): void {
  // Reported by the statement that meets the broken connection, or by the pool when idle.
}

function getConnectionOptions(): pg.PoolConfig {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set: start the shop through server.mjs or set it');
  return { connectionString, connectionTimeoutMillis: getConfig().PG_CONNECT_TIMEOUT_MS, types: DB_TYPES };
}

/** The serving pool's connections for the metrics, or null before it exists (never creates it). */
export function getPoolUse(): { total: number; idle: number; waiting: number } | null {
  const pool = sharedPool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/**
 * A small pool without statement timeouts, for work that may rightly run long: migrations,
 * seeding. The caller ends it.
 */
export function createMaintenancePool(): pg.Pool {
  const pool = new pg.Pool({ ...getConnectionOptions(), max: 2 });
  pool.on('error', (error) => logDatabaseError('[db] maintenance connection lost:', error.message));
  return pool;
}

/** Opens the pool's kept connections now (at boot), instead of during the first burst of requests. */
export async function warmPool(pool: pg.Pool): Promise<void> {
  const clients = await Promise.all(Array.from({ length: pool.options.min ?? 0 }, () => pool.connect()));
  for (const client of clients) client.release();
}

export async function closePool(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  if (!pool) return;
  // end() resolves once it has asked each connection to close, not when they are closed: a
  // database stopped right after may still cut some. That is the planned end, not a lost link.
  pool.removeAllListeners('error');
  pool.on('error', () => {});
  await pool.end();
}

/** Where transactions get their connection: a pool, or anything that lends a client. */
export interface ConnectionSource {
  connect(): Promise<pg.PoolClient>;
}

/** Runs `work` inside one transaction on a client of `source`; rolls back when it throws. */
export async function runInTransaction<T>(source: ConnectionSource, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await source.connect();
  let failure: unknown;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failure = error;
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection that timed out or lost its server is destroyed, not lent again.
    client.release(failure !== undefined && isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
  }
}

/** runInTransaction on the shop's own pool. */
export function withTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return runInTransaction(getPool(), work);
}

// Node socket errors and PostgreSQL SQLSTATE classes 08 (connection exception) and 57P
// (operator intervention: shutdown, starting up) mean the database cannot be reached now.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// 'timeout expired': pg.Client's own connect timeout (toPoolTimeouts); 'timeout exceeded when
// trying to connect': the pool's wait in line.
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i;
// 57014: a statement cancelled by statement_timeout (a database too slow to answer now).
const STATEMENT_TIMEOUT = '57014';

/** Seconds a client should wait (Retry-After) before asking again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 10;

/** True when `error` says the database is unreachable for now (answer 503 and retry later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNREACHABLE_CODES.has(code) || code === STATEMENT_TIMEOUT || code.startsWith('08') || code.startsWith('57P'))
  )
    return true;
  // The embedded database's Unix socket is gone while it restarts.
  if (code === 'ENOENT' && (error as Error & { syscall?: unknown }).syscall === 'connect') return true;
  return UNREACHABLE_MESSAGES.test(error.message) || (error.cause !== undefined && isDatabaseUnavailable(error.cause));
}
