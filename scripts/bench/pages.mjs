// Catalogue pages at 50 connections (issue 21): product, listing, search listing and home, served
// by a second shop process with the page cache on (cached) and by the bench's own shop, which runs
// with it off (uncached), each against a static file of the same process in the same run. Targets:
// cached >= 0.8 of the static file's req/s with p99 <= 30 ms; uncached >= 300 req/s. CPU per
// request is read from /proc (user + system time of the shop process, compression threads
// included: --cpu-prof never sees libuv's threads).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startShopProcess } from '#tests/support/shop-process.ts';

const CONNECTIONS = 50;
const DURATION_S = 6;
const CLOCK_TICKS_PER_S = 100;
const STATIC_PATH = '/favicon.svg';

async function readCpuTicks(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, all threads
}

/** Our children running server.mjs other than `known` (the cached shop started here). */
async function findOtherServerPid(known) {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === known) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && (await readFile(`/proc/${entry}/cmdline`, 'utf8')).includes('server.mjs')) return Number(entry);
    } catch {
      // gone
    }
  }
  return null;
}

async function load(port, host, pathname, pid) {
  const ticksBefore = pid ? await readCpuTicks(pid) : 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${pathname}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { host, 'accept-encoding': 'gzip, deflate, br' },
  });
  const ticks = pid ? (await readCpuTicks(pid)) - ticksBefore : 0;
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpu_ms_per_request: pid && requests ? Number(((ticks * 1000) / CLOCK_TICKS_PER_S / requests).toFixed(3)) : null,
  };
}

export default async function run({ port, databaseUrl, hostHeader, serverPid }) {
  const loadBefore = os.loadavg()[0];
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const {
    rows: [product],
  } = await db.query('SELECT slug FROM products WHERE stock > 0 ORDER BY id LIMIT 1');
  const {
    rows: [category],
  } = await db.query('SELECT slug FROM categories WHERE menu_visible AND NOT special ORDER BY position, id LIMIT 1');
  await db.end();
  const pages = {
    product: `/produto/${product.slug}`,
    listing: `/produtos/${category.slug}`,
    search: '/produtos?text=furadeira',
    home: '/',
  };

  const dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-bench-cache-'));
  const cachedShop = await startShopProcess(databaseUrl, { DATA_DIR: dataDir, PAGE_CACHE: 'on', PAGE_CACHE_STATUS_HEADER: 'on' });
  const cachedPid = await findOtherServerPid(serverPid);
  const figures = { connections: CONNECTIONS, duration_s: DURATION_S, cached: {}, uncached: {} };
  try {
    const cachedHost = `br.localhost:${cachedShop.port}`;
    figures.cached.static_file = await load(cachedShop.port, cachedHost, STATIC_PATH, cachedPid);
    for (const [name, pathname] of Object.entries(pages)) {
      figures.cached[name] = await load(cachedShop.port, cachedHost, pathname, cachedPid);
      figures.cached[name].vs_static = Number((figures.cached[name].rps / figures.cached.static_file.rps).toFixed(2));
    }
  } finally {
    await cachedShop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const host = hostHeader('br');
  figures.uncached.static_file = await load(port, host, STATIC_PATH, serverPid);
  for (const [name, pathname] of Object.entries(pages)) figures.uncached[name] = await load(port, host, pathname, serverPid);

  const cachedPass = Object.keys(pages).every((name) => figures.cached[name].vs_static >= 0.8 && figures.cached[name].p99_ms <= 30);
  const uncachedPass = Object.keys(pages).every((name) => figures.uncached[name].rps >= 300);
  figures.targets = {
    cached: 'req/s >= 0.8 of the static file, p99 <= 30 ms',
    cached_pass: cachedPass,
    uncached: 'req/s >= 300',
    uncached_pass: uncachedPass,
  };
  figures.pages = pages;
  figures.load_average_1m = { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0].toFixed(2)), cpus: os.cpus().length };
  return figures;
}
