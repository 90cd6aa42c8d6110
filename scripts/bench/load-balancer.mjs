// Several shop processes behind a real load balancer (issue 21 point 4): the product page at 50
// connections (autocannon), page cache off so every request renders, served by
//   one_process      one shop process, asked directly;
//   one_behind_lb    the same process behind nginx (what the balancer itself costs);
//   two_behind_lb    two shop processes (own DATA_DIRs, one database, as two machines) behind nginx,
//   web_concurrency_2 one shop with WEB_CONCURRENCY=2 (node:cluster, no balancer),
// all in the same run, in interleaved rounds (the best of each kept). nginx comes from Debian's
// package: installed here when missing and we may (root with apt-get), else this case is skipped
// with a message saying how to get it.
// The machine's cores are shared by the load generator, nginx and the shops: the ratio is what
// two processes add on this machine, not what two machines would.
import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { findFreePort } from '#server/db/embedded.ts';
import { startShopProcess } from '#tests/support/shop-process.ts';

const CONNECTIONS = 50;
const DURATION_S = 8;
const ROUNDS = 2;

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

async function load(port, pathname) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${pathname}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { host: `br.localhost:${port}`, 'accept-encoding': 'gzip, deflate, br' },
  });
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
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
    const targets = {
      one_process: shops.ports[0],
      one_behind_lb: balancers[0].port,
      two_behind_lb: balancers[1].port,
      web_concurrency_2: shops.ports[2],
    };
    // Interleaved rounds, best of each kept: other work on the machine comes and goes during a run.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, port] of Object.entries(targets)) {
        const result = await load(port, pathname);
        if (!figures[name] || result.rps > figures[name].rps) figures[name] = result;
      }
    }
  } finally {
    for (const balancer of balancers) await balancer.stop();
    await shops.stop();
  }
  figures.ratio_two_lb_vs_one_process = Number((figures.two_behind_lb.rps / figures.one_process.rps).toFixed(2));
  figures.ratio_two_lb_vs_one_lb = Number((figures.two_behind_lb.rps / figures.one_behind_lb.rps).toFixed(2));
  figures.ratio_web_concurrency_2_vs_one_process = Number((figures.web_concurrency_2.rps / figures.one_process.rps).toFixed(2));
  figures.load_average_1m = { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0].toFixed(2)), cpus: os.cpus().length };
  return figures;
}
