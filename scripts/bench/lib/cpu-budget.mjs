// CPU budgets for the processes of a bench, as small machines would have them: a cgroup v1 `cpu`
// group per budget under this process's own, with a CFS quota (0.4 CPU = 40 ms per 100 ms period).
// Needs cgroup v1 mounted at /sys/fs/cgroup/cpu and the right to write there (root); elsewhere
// `openCpuBudgets` says why not and the bench skips its budgeted part.
import { appendFile, mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CPU_MOUNT = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;
const SHARES = 16_384; // 16x a default process's weight (1024)

/** `pid` and all its descendants (e.g. a cluster primary and its workers). */
export async function listProcessTree(pid) {
  const parents = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process went away
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** This process's group in the cpu hierarchy (e.g. "/"), or null without a cgroup v1 cpu controller. */
async function findOwnCpuGroup() {
  for (const line of (await readFile('/proc/self/cgroup', 'utf8')).split('\n')) {
    const [, controllers, groupPath] = line.split(':');
    if (controllers?.split(',').includes('cpu')) return groupPath;
  }
  return null;
}

async function movePids(pids, groupDir) {
  // One pid per write: the kernel takes one per write() and moves all of that process's threads.
  for (const pid of pids) await appendFile(path.join(groupDir, 'cgroup.procs'), `${pid}\n`).catch(() => {});
}

/**
 * { available: true, create(name, cpus) } or { available: false, reason }. A budget's
 * `add(pid)` moves the process and its descendants in; `release()` moves them back and removes
 * the group; `getThrottledPeriods()` counts the periods in which the quota held them back.
 */
export async function openCpuBudgets() {
  const ownGroup = await findOwnCpuGroup();
  if (ownGroup === null) return { available: false, reason: `no cgroup v1 cpu controller (${CPU_MOUNT}) for this process` };
  const parentDir = path.join(CPU_MOUNT, ownGroup);
  const probe = path.join(parentDir, `fronteira-bench-${process.pid}-probe`);
  try {
    await mkdir(probe);
    await rmdir(probe);
  } catch (error) {
    return { available: false, reason: `cannot create a cgroup under ${parentDir} (${error.code}): run as root with cgroup v1 writable` };
  }
  return {
    available: true,
    async create(name, cpus) {
      const dir = path.join(parentDir, `fronteira-bench-${process.pid}-${name}`);
      await mkdir(dir);
      await writeFile(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      await writeFile(path.join(dir, 'cpu.cfs_quota_us'), String(Math.round(cpus * PERIOD_US)));
      // The quota caps the group; a high weight makes it get its budget even when other work
      // keeps the machine busy, so the budget, not the neighbours, is what limits it.
      await writeFile(path.join(dir, 'cpu.shares'), String(SHARES));
      return {
        async add(pid) {
          await movePids(await listProcessTree(pid), dir);
        },
        async getThrottledPeriods() {
          const stat = await readFile(path.join(dir, 'cpu.stat'), 'utf8');
          return Number(/nr_throttled (\d+)/.exec(stat)?.[1] ?? 0);
        },
        async release() {
          const pids = (await readFile(path.join(dir, 'cgroup.procs'), 'utf8')).split('\n').filter(Boolean);
          await movePids(pids, parentDir);
          await rmdir(dir);
        },
      };
    },
  };
}
