import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/db/embedded.ts';
import { waitUntilReady } from '../support/test-stack.ts';

/**
 * `npm start` stopped as a process manager stops it: SIGTERM to the `npm` process alone. The
 * signal must reach the server (scripts/start.mjs), which stops its embedded PostgreSQL, so that
 * within 10 s no process of the tree is left: npm, the start script, the server, PostgreSQL.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const STOP_WITHIN_MS = 10_000;
let dataDir = '';
let npm: ChildProcess | undefined;
let tree: ProcessInfo[] = [];

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line (the command name where it has none). */
  name: string;
  state: string;
}

/** Every process of the machine, from /proc (pid, parent, command line, state). */
async function listProcesses(): Promise<ProcessInfo[]> {
  const found: ProcessInfo[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const [state = '', ppid = '0'] = stat.slice(close + 2).split(' ');
    const commandLine = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0').join(' ').trim();
    found.push({ pid: Number(entry), ppid: Number(ppid), name: commandLine || stat.slice(stat.indexOf('(') + 1, close), state });
  }
  return found;
}

/** `root` and all its descendants. */
async function getTree(root: number): Promise<ProcessInfo[]> {
  const all = await listProcesses();
  const members = all.filter((info) => info.pid === root);
  for (let index = 0; index < members.length; index += 1) {
    members.push(...all.filter((info) => info.ppid === members[index]!.pid));
  }
  return members;
}

/** Those of `processes` still running (a zombie has finished: only its exit status is left). */
async function getStillRunning(processes: ProcessInfo[]): Promise<ProcessInfo[]> {
  const now = new Map((await listProcesses()).map((info) => [info.pid, info]));
  return processes.filter((info) => {
    const current = now.get(info.pid);
    return current !== undefined && current.name === info.name && current.state !== 'Z';
  });
}

afterAll(async () => {
  for (const info of await getStillRunning(tree)) process.kill(info.pid, 'SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start and SIGTERM', () => {
  it('stops the shop and its PostgreSQL within 10 s when only npm is signalled', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-npm-start-'));
    await chmod(dataDir, 0o755);
    const port = await findFreePort();
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, SEED: '0' };
    delete env.DATABASE_URL;
    npm = spawn('npm', ['start'], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [npm.stdout, npm.stderr])
      stream?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
    await waitUntilReady(`http://127.0.0.1:${port}`, npm, 120_000);

    tree = await getTree(npm.pid!);
    // The tree really holds the server and its database, or this test would prove nothing.
    const names = tree.map((info) => info.name);
    expect(
      names.some((name) => name.endsWith('server.mjs')),
      names.join('\n'),
    ).toBe(true);
    expect(
      names.some((name) => name.includes('/postgres -D') && name.includes(dataDir)),
      names.join('\n'),
    ).toBe(true);

    const signalledAt = Date.now();
    npm.kill('SIGTERM');
    let left = await getStillRunning(tree);
    while (left.length > 0 && Date.now() - signalledAt < STOP_WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await getStillRunning(tree);
    }
    expect(
      left.map((info) => `${info.pid} ${info.name}`),
      output,
    ).toEqual([]);
    expect(output).toContain('SIGTERM: finishing in-flight requests');
  }, 150_000);
});
