import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from '#server/db/embedded.ts';

const run = promisify(execFile);

/**
 * Debian's PostgreSQL 15 (server and pg_dump/pg_restore under /usr/lib/postgresql/15/bin,
 * installed by .ci/run): an external PostgreSQL as a store runs it, and the one whose pg_dump can
 * read it (a pg_dump refuses a newer server, and the embedded one is PostgreSQL 18 with no pg_dump).
 */
export const PG15_BIN = '/usr/lib/postgresql/15/bin';

export interface DebianPostgres {
  /** The server's `postgres` database as its superuser; `createDatabase` gives others. */
  url: string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** A throwaway cluster in a temporary folder, on a free loopback port, run as the postgres user. */
export async function startDebianPostgres(): Promise<DebianPostgres> {
  const folder = await mkdtemp(path.join(tmpdir(), 'fronteira-pg15-'));
  await chmod(folder, 0o755);
  const { stdout } = await run('id', ['-u', 'postgres']);
  const uid = Number(stdout.trim());
  await chown(folder, uid, uid);
  const dataDir = path.join(folder, 'data');
  const asPostgres = (program: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', path.join(PG15_BIN, program), ...args]);
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const port = await findFreePort();
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${folder}`;
  await asPostgres('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
