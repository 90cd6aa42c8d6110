import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/db/embedded.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { getTestDb } from '../support/api.ts';
import { createTestPool } from '../support/test-pool.ts';

// Upgrades on a running fleet (issue 31 point 7, decision 0950): the migration runner on a
// database of its own and a folder of migrations made here.
let pool: pg.Pool;
let databaseName: string;
let dir: string;

const write = (name: string, sql: string) => writeFile(path.join(dir, name), sql);

beforeAll(async () => {
  databaseName = `fronteira_migrations_${Date.now().toString(36)}_${process.pid}`;
  await getTestDb().query(`CREATE DATABASE ${databaseName}`);
  const url = new URL((getTestDb() as unknown as { options: { connectionString: string } }).options.connectionString);
  url.pathname = `/${databaseName}`;
  pool = createTestPool({ connectionString: url.toString(), max: 2 });
  dir = await mkdtemp(path.join(tmpdir(), 'fronteira-migrations-'));
});

afterAll(async () => {
  await pool?.end();
  await rm(dir, { recursive: true, force: true });
  await getTestDb()
    .query(`DROP DATABASE IF EXISTS ${databaseName}`)
    .catch(() => undefined);
});

describe('migration checksums', () => {
  it('records a checksum for migrations applied before checksums existed, and refuses an edited one by name', async () => {
    await write('0001_things.sql', 'CREATE TABLE things (id int PRIMARY KEY, label text);');
    expect(await runMigrations(pool, dir)).toEqual(['0001_things.sql']);
    // A database from the previous release: the same table without the checksum column.
    await pool.query('ALTER TABLE schema_migrations DROP COLUMN checksum');

    await write('0002_more.sql', 'ALTER TABLE things ADD COLUMN size int;');
    expect(await runMigrations(pool, dir)).toEqual(['0002_more.sql']);
    const { rows } = await pool.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => [row.name, row.checksum.length])).toEqual([
      ['0001_things.sql', 64],
      ['0002_more.sql', 64],
    ]);

    await write('0001_things.sql', 'CREATE TABLE things (id bigint PRIMARY KEY, label text);');
    await expect(runMigrations(pool, dir)).rejects.toThrow(
      'Migration 0001_things.sql was edited after it was applied to this database; restore the file as it was and add a new migration for the change.',
    );
    await write('0001_things.sql', 'CREATE TABLE things (id int PRIMARY KEY, label text);');
    expect(await runMigrations(pool, dir)).toEqual([]);
  });

  it('builds an index concurrently from a no-transaction migration, statement by statement', async () => {
    await write(
      '0003_things_label.sql',
      [
        '-- migrate: no-transaction',
        '-- An interrupted concurrent build leaves an invalid index behind: drop it first.',
        'DROP INDEX CONCURRENTLY IF EXISTS things_label_idx;',
        'CREATE INDEX CONCURRENTLY things_label_idx ON things (label);',
        '',
      ].join('\n'),
    );
    expect(await runMigrations(pool, dir)).toEqual(['0003_things_label.sql']);
    const { rows } = await pool.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'things_label_idx'`,
    );
    expect(rows).toEqual([{ valid: true }]);
    // The same statement in a plain (transactional) migration is refused by PostgreSQL.
    await write('0004_things_size.sql', 'CREATE INDEX CONCURRENTLY things_size_idx ON things (size);');
    await expect(runMigrations(pool, dir)).rejects.toThrow(
      /0004_things_size\.sql failed: CREATE INDEX CONCURRENTLY cannot run inside a transaction block/,
    );
  });

  it('a shop whose migration differs from the one its database applied refuses to start, naming it', async () => {
    const url = new URL((getTestDb() as unknown as { options: { connectionString: string } }).options.connectionString);
    url.pathname = `/${databaseName}_shop`;
    await getTestDb().query(`CREATE DATABASE ${databaseName}_shop`);
    const shopPool = createTestPool({ connectionString: url.toString(), max: 1 });
    try {
      await runMigrations(shopPool);
      // As if 0100_catalog_search.sql had been edited since this database applied it.
      await shopPool.query(`UPDATE schema_migrations SET checksum = 'edited' WHERE name = '0100_catalog_search.sql'`);
    } finally {
      await shopPool.end();
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-edited-'));
    await chmod(dataDir, 0o755);
    const started = await promisify(execFile)(process.execPath, [path.resolve(import.meta.dirname, '../../server.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        PORT: String(await findFreePort()),
        DATA_DIR: dataDir,
        SEED: '0',
        LOG_FORMAT: 'json',
      },
      timeout: 60_000,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    await rm(dataDir, { recursive: true, force: true });
    expect(started).toMatchObject({ code: 1 });
    expect(`${started.stdout}${started.stderr}`).toContain(
      'Migration 0100_catalog_search.sql was edited after it was applied to this database; restore the file as it was and add a new migration for the change.',
    );
    await getTestDb()
      .query(`DROP DATABASE IF EXISTS ${databaseName}_shop`)
      .catch(() => undefined);
  }, 90_000);
});
