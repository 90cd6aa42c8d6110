// Issue 29 point 6: one client cannot flood page renders. A shop with the page cache on (as in
// production) serves a second client, browsing product pages no one asked for before (each a
// render) from its own address at a shopper's pace, first alone (idle) and then while one client
// floods distinct uncached search listings with 20 keep-alive connections from another address
// (lib/render-flood-client.mjs, its own process). The figure is the second client's p50 under the
// flood as a ratio to its idle p50 in the same run: target at most 3 (133 before the render budget).
// A second shop with the token bucket set out of reach shows what the one-render-at-a-time line
// does alone (the line has no setting: it is always on).
// Run: npm run bench -- --only render-flood
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startShopProcess } from '#tests/support/shop-process.ts';

const FLOOD_CONNECTIONS = 20;
const SAMPLES = 30;
const PACE_MS = 300;
const FLOOD_RAMP_MS = 1000;
const TARGET_RATIO = 3;
const FLOOD_CLIENT = path.join(import.meta.dirname, 'lib/render-flood-client.mjs');

/** One GET from `from` (any 127.x.y.z is this machine): its status and milliseconds. */
function timeGet(port, host, pathname, from) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        localAddress: from,
        agent: false,
        headers: { host, 'accept-encoding': 'gzip, deflate, br' },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode, ms: performance.now() - started }));
      },
    );
    request.on('error', reject);
  });
}

function toPercentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))].toFixed(1));
}

/** The second client: SAMPLES product pages, one every PACE_MS, from `from`. */
async function browse(port, host, slugs, from) {
  const times = [];
  const statuses = {};
  for (const slug of slugs) {
    const next = performance.now() + PACE_MS;
    const { status, ms } = await timeGet(port, host, `/produto/${slug}`, from);
    statuses[status] = (statuses[status] ?? 0) + 1;
    times.push(ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  return { p50_ms: toPercentile(times, 0.5), p90_ms: toPercentile(times, 0.9), statuses };
}

async function startFlood(port, host) {
  const child = spawn(process.execPath, [FLOOD_CLIENT, String(port), host, String(FLOOD_CONNECTIONS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return async function stop() {
    child.kill('SIGTERM');
    await exited;
    return JSON.parse(output.trim() || '{}');
  };
}

async function measure(databaseUrl, slugs, env) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-bench-flood-'));
  const shop = await startShopProcess(databaseUrl, { DATA_DIR: dataDir, PAGE_CACHE: 'on', ...env });
  const host = `br.localhost:${shop.port}`;
  try {
    const idle = await browse(shop.port, host, slugs.slice(0, SAMPLES), '127.0.0.2');
    const stopFlood = await startFlood(shop.port, host);
    const floodStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, FLOOD_RAMP_MS));
    const flooded = await browse(shop.port, host, slugs.slice(SAMPLES), '127.0.0.3');
    const floodSeconds = (performance.now() - floodStarted) / 1000;
    const floodStatuses = await stopFlood();
    const floodAnswers = Object.values(floodStatuses).reduce((sum, n) => sum + n, 0);
    return {
      idle,
      flooded,
      p50_ratio: Number((flooded.p50_ms / idle.p50_ms).toFixed(2)),
      flood: { statuses: floodStatuses, answers_per_s: Math.round(floodAnswers / floodSeconds) },
    };
  } finally {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export default async function run({ databaseUrl }) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const { rows } = await db.query('SELECT slug FROM products ORDER BY random() LIMIT $1', [SAMPLES * 4]).finally(() => db.end());
  const slugs = rows.map((row) => row.slug);
  const limited = await measure(databaseUrl, slugs.slice(0, SAMPLES * 2), {});
  const lineOnly = await measure(databaseUrl, slugs.slice(SAMPLES * 2), {
    PAGE_RENDERS_PER_CLIENT_S: '100000',
    PAGE_RENDERS_PER_CLIENT_BURST: '10000',
  });
  return {
    flood_connections: FLOOD_CONNECTIONS,
    second_client: `${SAMPLES} new product pages, one every ${PACE_MS} ms, alone then under the flood`,
    limited,
    bucket_out_of_reach: lineOnly,
    target_ratio: TARGET_RATIO,
    pass: limited.p50_ratio <= TARGET_RATIO,
  };
}
