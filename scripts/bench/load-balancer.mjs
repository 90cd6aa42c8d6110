// Several shop processes behind a real load balancer (issue 21 point 4): the product page at 50
// connections, page cache off so every request renders, served by
//   one_process       one shop process, asked directly;
//   one_behind_lb     the same process behind nginx (what the balancer itself costs);
//   two_behind_lb     two shop processes (own DATA_DIRs, one database, as two machines) behind nginx;
//   web_concurrency_2 one shop with WEB_CONCURRENCY=2 (node:cluster, no balancer),
// all in the same run, in interleaved rounds (the best of each kept), twice:
//   unconstrained     every process may use the whole machine. On 2 cores shared with the load
//                     generator, nginx and PostgreSQL one process already uses most of the CPU
//                     there is, so a second one cannot add up here (measured 1.1x);
//   cpu_budget        each shop process gets its own CPU budget of CPU_PER_PROCESS (a cgroup v1
//                     CFS quota, lib/cpu-budget.mjs), as two small machines would have, and the
//                     WEB_CONCURRENCY=2 shop twice that for its two workers (its primary serves
//                     nothing), with a high CPU weight so that they get it even when other work
//                     keeps the machine busy. The generator, nginx and PostgreSQL stay outside
//                     the budgets and share the rest of the machine, so whether two processes
//                     add up is the shops' own doing (ratio_two_lb_vs_one_process near 2 means
//                     they do; server_cpu_cores shows each run's share held to the budget).
//                     Skipped, saying why, where cgroups v1 cannot be written (not root, v2).
// The load generator is wrk in its own process (lib/http-load.mjs). nginx comes from Debian's
// package: installed here when missing and we may (root with apt-get), else this case is skipped
// with a message saying how to get it.
// Run: npm run bench -- --only load-balancer   (figures depend on the machine's load: see the load
// average reported with them).
import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from '#server/db/embedded.ts';
import { startShopProcess } from '#tests/support/shop-process.ts';
import { listProcessTree, openCpuBudgets } from './lib/cpu-budget.mjs';
import { runHttpLoad } from './lib/http-load.mjs';

const CONNECTIONS = 50;
const DURATION_S = 8;
const ROUNDS = 2;
const CPU_PER_PROCESS = 0.4;

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not there
    }
  }
  return null;
}

function getOrInstallNginx() {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) return null;
  try {
    console.log('nginx is missing: apt-get install -y nginx');
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { stdio: 'inherit' });
  } catch {
    return null;
  }
  return findNginx();
}

/** The balancer's configuration: round robin over `ports`, keep-alive to them, nothing logged or buffered to disk. */
function toNginxConfig(dir, listenPort, ports) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${dir}/${name};`).join('\n');
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  upstream shop {
${ports.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffers 16 32k;
      proxy_max_temp_file_size 0;
    }
  }
}
`;
}

async function startNginx(binary, ports) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fronteira-bench-nginx-'));
  await chmod(dir, 0o755);
  const port = await findFreePort();
  const config = path.join(dir, 'nginx.conf');
  await writeFile(config, toNginxConfig(dir, port, ports));
  const child = spawn(binary, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config], { stdio: 'inherit' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT'); // nginx's graceful stop
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function load(port, pathname, pids) {
  const {
    requests: _requests,
    bytes_per_response: _bytes,
    ...figures
  } = await runHttpLoad({
    url: `http://127.0.0.1:${port}${pathname}`,
    host: `br.localhost:${port}`,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    pids,
  });
  return figures;
}

/** Every target in turn, ROUNDS times, the best of each kept (other work on the machine comes and goes), and the ratios. */
async function measureRounds(targets, pathname) {
  const figures = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, { port, pids }] of Object.entries(targets)) {
      const result = await load(port, pathname, pids);
      if (!figures[name] || result.rps > figures[name].rps) figures[name] = result;
    }
  }
  const ratio = (a, b) => Number((figures[a].rps / figures[b].rps).toFixed(2));
  figures.ratio_two_lb_vs_one_process = ratio('two_behind_lb', 'one_process');
  figures.ratio_two_lb_vs_one_lb = ratio('two_behind_lb', 'one_behind_lb');
  figures.ratio_web_concurrency_2_vs_one_process = ratio('web_concurrency_2', 'one_process');
  return figures;
}

/** The same rounds with each shop process held to its own CPU budget; skipped where cgroups cannot be written. */
async function measureWithCpuBudgets(targets, pathname, pids) {
  const cgroups = await openCpuBudgets();
  if (!cgroups.available) {
    const message = `skipped: ${cgroups.reason}`;
    console.log(`load-balancer cpu_budget ${message}`);
    return { skipped: message };
  }
  const budgets = [];
  try {
    for (const [name, pid, cpus] of [
      ['shop-a', pids.a, CPU_PER_PROCESS],
      ['shop-b', pids.b, CPU_PER_PROCESS],
      ['cluster', pids.cluster, 2 * CPU_PER_PROCESS],
    ]) {
      const budget = await cgroups.create(name, cpus);
      budgets.push(budget);
      await budget.add(pid);
    }
    const figures = { cpu_per_process: CPU_PER_PROCESS, ...(await measureRounds(targets, pathname)) };
    figures.throttled_periods = await Promise.all(budgets.map((budget) => budget.getThrottledPeriods()));
    return figures;
  } finally {
    for (const budget of budgets) await budget.release();
  }
}

/** Shops on the bench's database, page cache off, one per entry of `concurrencies` (its WEB_CONCURRENCY). */
async function startShops(databaseUrl, concurrencies) {
  const shops = [];
  for (const concurrency of concurrencies) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-bench-lb-'));
    const shop = await startShopProcess(databaseUrl, {
      DATA_DIR: dataDir,
      PAGE_CACHE: 'off',
      PAYMENT_JOBS_INTERVAL_S: '0',
      WEB_CONCURRENCY: String(concurrency),
    });
    shops.push({ shop, dataDir });
  }
  return {
    ports: shops.map(({ shop }) => shop.port),
    pids: shops.map(({ shop }) => shop.pid),
    async stop() {
      for (const { shop, dataDir } of shops) {
        await shop.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export default async function run({ databaseUrl }) {
  const nginx = getOrInstallNginx();
  if (!nginx) {
    const message = 'skipped: nginx is not installed (Debian: apt-get install -y nginx) and could not be installed here';
    console.log(message);
    return { skipped: message };
  }
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const {
    rows: [product],
  } = await db.query('SELECT slug FROM products WHERE stock > 0 ORDER BY id LIMIT 1');
  await db.end();
  const pathname = `/produto/${product.slug}`;
  const loadBefore = os.loadavg()[0];
  const shops = await startShops(databaseUrl, [1, 1, 2]);
  const figures = { page: pathname, connections: CONNECTIONS, duration_s: DURATION_S, rounds: ROUNDS };
  const balancers = [];
  try {
    balancers.push(await startNginx(nginx, [shops.ports[0]]), await startNginx(nginx, shops.ports.slice(0, 2)));
    const cluster = await listProcessTree(shops.pids[2]);
    const targets = {
      one_process: { port: shops.ports[0], pids: [shops.pids[0]] },
      one_behind_lb: { port: balancers[0].port, pids: [shops.pids[0]] },
      two_behind_lb: { port: balancers[1].port, pids: shops.pids.slice(0, 2) },
      web_concurrency_2: { port: shops.ports[2], pids: cluster },
    };
    figures.unconstrained = await measureRounds(targets, pathname);
    figures.cpu_budget = await measureWithCpuBudgets(targets, pathname, { a: shops.pids[0], b: shops.pids[1], cluster: shops.pids[2] });
  } finally {
    for (const balancer of balancers) await balancer.stop();
    await shops.stop();
  }
  figures.load_average_1m = { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0].toFixed(2)), cpus: os.cpus().length };
  return figures;
}
