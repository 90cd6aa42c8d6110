// The load generator of the page benches (pages.mjs, load-balancer.mjs): wrk, a native
// multi-threaded generator from Debian's packages, in its own process; installed with apt-get when
// missing and we are root. Without it, autocannon in a worker thread (its `workers` option), never
// in the bench's main thread: there one JavaScript thread parsing 20-35 kB pages at thousands a
// second was the limit, not the shop (issue 21: the shop's CPU per cached page was lower than
// per static file, and yet it answered 0.42 of the static file's req/s).
// Each run also reads, from /proc, the server's CPU time per request (user + system of every
// thread, compression threads included: --cpu-prof never sees libuv's threads) and how idle the
// machine's cores were: idle cores mean the figure is the server's, not a starved generator's.
import { execFile, execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const CLOCK_TICKS_PER_S = 100;
const WRK_THREADS = 2;
const WRK_REPORT = path.join(import.meta.dirname, 'wrk-report.lua');

function findWrk() {
  for (const candidate of ['/usr/bin/wrk', '/usr/local/bin/wrk']) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch (error) {
      // wrk --version exits 1 after printing its version
      if (error.status === 1) return candidate;
    }
  }
  return null;
}

let wrkBinary;
/** wrk's path, installing Debian's package once when missing (root only); null when not to be had. */
function getOrInstallWrk() {
  if (wrkBinary !== undefined) return wrkBinary;
  wrkBinary = findWrk();
  if (!wrkBinary && process.getuid?.() === 0) {
    try {
      console.log('wrk is missing: apt-get install -y wrk');
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], { stdio: 'inherit' });
      wrkBinary = findWrk();
    } catch {
      wrkBinary = null;
    }
  }
  if (!wrkBinary) console.log('wrk is not installed (Debian: apt-get install -y wrk): autocannon in a worker thread instead');
  return wrkBinary;
}

/** utime + stime of every thread of `pid`, in clock ticks. */
export async function readCpuTicks(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** [idle, total] jiffies of all cores (idle includes iowait). */
async function readMachineTicks() {
  const [line] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  return [ticks[3] + ticks[4], ticks.reduce((sum, n) => sum + n, 0)];
}

function toCpuMsPerRequest({ user, system }, requests) {
  return Number(((user + system) / 1000 / requests).toFixed(3));
}

/** wrk's figures, with the CPU wrk itself spent (read from /proc until it exits; the last tenth of a second may be missed). */
async function runWrk(binary, { url, host, connections, durationS, acceptEncoding }) {
  const args = [`-t${WRK_THREADS}`, `-c${connections}`, `-d${durationS}s`, '--timeout', '5s', '-s', WRK_REPORT];
  args.push('-H', `Host: ${host}`, '-H', `Accept-Encoding: ${acceptEncoding}`, url);
  let generatorTicks = 0;
  let sampler;
  const stdout = await new Promise((resolve, reject) => {
    const child = execFile(binary, args, (error, out) => (error ? reject(error) : resolve(out)));
    sampler = setInterval(() => {
      readCpuTicks(child.pid).then(
        (ticks) => (generatorTicks = ticks),
        () => {}, // exited between two samples
      );
    }, 100);
  }).finally(() => clearInterval(sampler));
  const report = JSON.parse(stdout.trim().split('\n').at(-1));
  return {
    requests: report.requests,
    rps: Math.round(report.requests / (report.duration_us / 1e6)),
    bytes_per_response: report.requests ? Math.round(report.bytes / report.requests) : 0,
    p50_ms: Number((report.p50_us / 1000).toFixed(1)),
    p99_ms: Number((report.p99_us / 1000).toFixed(1)),
    errors: report.socket_errors + report.status_errors,
    generator_cpu_ms_per_request: report.requests
      ? Number(((generatorTicks * 1000) / CLOCK_TICKS_PER_S / report.requests).toFixed(3))
      : null,
  };
}

async function runAutocannon({ url, host, connections, durationS, acceptEncoding }) {
  const cpuBefore = process.cpuUsage(); // this whole process: the worker thread and the main thread
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    workers: 1,
    headers: { host, 'accept-encoding': acceptEncoding },
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    bytes_per_response: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    generator_cpu_ms_per_request: result.requests.total ? toCpuMsPerRequest(process.cpuUsage(cpuBefore), result.requests.total) : null,
  };
}

/** A process's CPU ticks, 0 once it has gone (a database backend closed during the run). */
function readCpuTicksOrZero(pid) {
  return readCpuTicks(pid).catch(() => 0);
}

/** PostgreSQL's backends serving `databaseUrl`'s database now (the shops' pooled connections are kept open). */
export async function listDatabaseBackendPids(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * `connections` keep-alive connections asking for `url` with `Host: host` for `durationS`
 * seconds. With `pids`, also the CPU those processes spent per request; with `dbPids` (the
 * database's backends, listDatabaseBackendPids), PostgreSQL's CPU per request apart.
 */
export async function runHttpLoad({ url, host, connections, durationS, acceptEncoding = 'gzip, deflate, br', pids = [], dbPids = [] }) {
  const binary = getOrInstallWrk();
  const options = { url, host, connections, durationS, acceptEncoding };
  const dbBefore = await Promise.all(dbPids.map(readCpuTicksOrZero));
  const cpuBefore = await Promise.all(pids.map(readCpuTicks));
  const started = performance.now();
  const [idleBefore, totalBefore] = await readMachineTicks();
  const figures = binary ? await runWrk(binary, options) : await runAutocannon(options);
  const [idleAfter, totalAfter] = await readMachineTicks();
  const seconds = (performance.now() - started) / 1000;
  const cpuTicks = (await Promise.all(pids.map(readCpuTicks))).reduce((sum, ticks, i) => sum + ticks - cpuBefore[i], 0);
  const dbTicks = (await Promise.all(dbPids.map(readCpuTicksOrZero))).reduce((sum, ticks, i) => sum + Math.max(0, ticks - dbBefore[i]), 0);
  return {
    ...figures,
    cpu_ms_per_request:
      pids.length && figures.requests ? Number(((cpuTicks * 1000) / CLOCK_TICKS_PER_S / figures.requests).toFixed(3)) : null,
    db_cpu_ms_per_request:
      dbPids.length && figures.requests ? Number(((dbTicks * 1000) / CLOCK_TICKS_PER_S / figures.requests).toFixed(3)) : null,
    // Cores the server processes used on average: under a CPU budget, at most the budget.
    server_cpu_cores: pids.length ? Number((cpuTicks / CLOCK_TICKS_PER_S / seconds).toFixed(2)) : null,
    machine_idle_pct: Math.round((100 * (idleAfter - idleBefore)) / Math.max(1, totalAfter - totalBefore)),
    generator: binary ? `wrk -t${WRK_THREADS}` : 'autocannon (worker thread)',
  };
}
