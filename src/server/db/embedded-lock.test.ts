import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectPostgresLock } from './embedded-lock.ts';

let folder = '';
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A lock file as PostgreSQL writes it (pidfile.h): pid, folder, start, port, sockets, address, shmem, status. */
async function writeLock(pid: number): Promise<void> {
  await writeFile(path.join(folder, 'postmaster.pid'), `${pid}\n${folder}\n1796617289\n5432\n/tmp\n127.0.0.1\n  1234  5678\nready   \n`);
}

describe('the embedded PostgreSQL lock left in a data folder', () => {
  it('is none without a lock file', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'fronteira-lock-'));
    expect(inspectPostgresLock(folder)).toEqual({ kind: 'none' });
  });

  it('is stale when its pid runs no PostgreSQL on that folder (gone, or reused by another program)', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'fronteira-lock-'));
    await writeLock(process.pid);
    expect(inspectPostgresLock(folder)).toEqual({ kind: 'stale', pid: process.pid });
    await writeLock(2 ** 22 + 1); // above Linux's highest pid: no such process
    expect(inspectPostgresLock(folder)).toEqual({ kind: 'stale', pid: 2 ** 22 + 1 });
  });
});
