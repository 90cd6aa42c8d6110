import { readdirSync, readFileSync } from 'node:fs';

/** A process of the machine as /proc tells it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line (the command name where it has none). */
  name: string;
  state: string;
}

/** A /proc file's text, or '' once its process has gone. */
function readProcFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Every process of the machine, from /proc (pid, parent, command line, state). Read synchronously:
 * /proc answers from memory, and two awaited reads per process cost about 65 ms of CPU per look
 * at 184 processes (4 ms read synchronously), more than the 50 ms the waits below poll at.
 */
export async function listProcesses(): Promise<ProcessInfo[]> {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcFile(`/proc/${entry}/stat`);
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const [state = '', ppid = '0'] = stat.slice(close + 2).split(' ');
    const commandLine = readProcFile(`/proc/${entry}/cmdline`).split('\0').join(' ').trim();
    found.push({ pid: Number(entry), ppid: Number(ppid), name: commandLine || stat.slice(stat.indexOf('(') + 1, close), state });
  }
  return found;
}

/** `root` and all its descendants. */
export async function getTree(root: number): Promise<ProcessInfo[]> {
  const all = await listProcesses();
  const members = all.filter((info) => info.pid === root);
  for (let index = 0; index < members.length; index += 1) {
    members.push(...all.filter((info) => info.ppid === members[index]!.pid));
  }
  return members;
}

/** Those of `processes` still running (a zombie has finished: only its exit status is left). */
export async function getStillRunning(processes: ProcessInfo[]): Promise<ProcessInfo[]> {
  const now = new Map((await listProcesses()).map((info) => [info.pid, info]));
  return processes.filter((info) => {
    const current = now.get(info.pid);
    return current !== undefined && current.name === info.name && current.state !== 'Z';
  });
}

/** Waits (checking /proc every 50 ms) until none of `processes` runs, or `withinMs` has passed: those left. */
export async function waitUntilGone(processes: ProcessInfo[], withinMs: number): Promise<ProcessInfo[]> {
  const deadline = Date.now() + withinMs;
  let left = await getStillRunning(processes);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = await getStillRunning(processes);
  }
  return left;
}

/** PostgreSQL servers running on `databaseDir` (their command line names it after -D). */
export async function findPostmasters(databaseDir: string): Promise<ProcessInfo[]> {
  return (await listProcesses()).filter((info) => info.name.includes(`-D ${databaseDir} `) && info.state !== 'Z');
}
