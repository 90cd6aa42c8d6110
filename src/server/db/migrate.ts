import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_ID = 482_917_301;

/**
 * A migration whose first line is this marker runs outside a transaction, one statement at a
 * time (statements end with `;` at the end of a line): `CREATE INDEX CONCURRENTLY` builds an
 * index without locking writes, and PostgreSQL refuses it inside a transaction (decision 0950).
 */
const NO_TRANSACTION_MARKER = '-- migrate: no-transaction';

/** Raised at start when an applied migration's file no longer matches what was applied. */
export class EditedMigrationError extends Error {
  readonly migration: string;
  constructor(migration: string) {
    super(
      `Migration ${migration} was edited after it was applied to this database; restore the file as it was and add a new migration for the change.`,
    );
    this.name = 'EditedMigrationError';
    this.migration = migration;
  }
}

function toChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

function toStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^\s*--.*$/gm, '').trim() !== '');
}

async function applyMigration(client: pg.PoolClient, name: string, sql: string): Promise<void> {
  const record = () => client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [name, toChecksum(sql)]);
  if (sql.startsWith(NO_TRANSACTION_MARKER)) {
    // A failed step leaves the earlier ones done: such a file must be safe to run again
    // (`DROP INDEX CONCURRENTLY IF EXISTS` before the build, as an interrupted build leaves an invalid index).
    for (const statement of toStatements(sql)) await client.query(statement);
    await record();
    return;
  }
  await client.query('BEGIN');
  try {
    await client.query(sql);
    await record();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * Applies every `migrations/*.sql` not applied yet, in file-name order, each in its own
 * transaction (unless marked no-transaction). An advisory lock keeps two starting instances from
 * racing. Each applied file's SHA-256 is kept: a file edited after it was applied stops the start
 * naming it (EditedMigrationError); databases from before checksums get theirs recorded once.
 */
export async function runMigrations(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const { rows } = await client.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations');
    const done = new Map(rows.map((row) => [row.name, row.checksum]));
    const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
    for (const name of files) {
      const sql = await readFile(path.join(dir, name), 'utf8');
      if (done.has(name)) {
        const kept = done.get(name);
        if (kept === null) {
          await client.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [name, toChecksum(sql)]);
        } else if (kept !== toChecksum(sql)) {
          throw new EditedMigrationError(name);
        }
        continue;
      }
      try {
        await applyMigration(client, name, sql);
        applied.push(name);
      } catch (error) {
        throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    client.release();
  }
  return applied;
}
