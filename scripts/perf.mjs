// Performance budgets (issue 3): Lighthouse mobile on home, a listing and a product page on
// both storefront hosts; JavaScript transferred (gzip) and HTML size of a product page;
// autocannon throughput of the product page against a static asset of the same server.
// Starts the BUILT shop on a fresh database (run `npm run build` first). Exits 1 on a miss.
//   npm run perf                 everything
//   npm run perf -- --no-load    skip the 2 x 20 s load test
//   npm run perf -- --no-lighthouse
//   npm run perf -- --runs 3     Lighthouse runs per page (default 5)
//   PERF_REPORTS=/tmp/lh npm run perf   also keeps each Lighthouse JSON report there (for diagnosis)
// Lighthouse's documentation advises several runs for its run-to-run variability: each page is
// judged on its median run (the run closest to the median FCP and TTI, Lighthouse's own
// computeMedianRun) for score, LCP and CLS, and on the median of its runs' TBT, which varies most:
// on this 2-core machine one page's TBT ranged from 0 to 200 ms over ten runs of one build. The
// table lists every run's TBT so that the spread stays in sight.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { getCataloguePages } from './bench/lib/catalogue-pages.mjs';
import { startTestStack } from '../tests/support/test-stack.ts';

const run = promisify(execFile);
const args = new Set(process.argv.slice(2));
const runsArg = process.argv.indexOf('--runs');
const LIGHTHOUSE_RUNS = runsArg === -1 ? 5 : Math.max(1, Number(process.argv[runsArg + 1]));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking';
const BUDGET = { score: 100, lcpMs: 1500, tbtMs: 50, cls: 0.02, jsGzipKb: 85, htmlGzipKb: 40 };
const LOAD = { connections: 50, durationS: 20 };

/** GET through 127.0.0.1 with a storefront Host header (Node does not resolve *.localhost). */
function fetchRaw(stack, host, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.baseUrl}${path}`, { headers: { host: `${host}.localhost:${stack.port}`, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Lighthouse's own trace recording fails now and then (NO_NAVSTART): one more attempt, not a miss. */
async function runLighthouse(url, attempts = 2) {
  try {
    const { stdout } = await run(
      'npx',
      ['lighthouse', url, '--quiet', '--output=json', '--only-categories=performance', `--chrome-flags=${CHROME_FLAGS}`],
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  } catch (error) {
    if (attempts <= 1 || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(String(error.stderr))) throw error;
    return runLighthouse(url, attempts - 1);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `LIGHTHOUSE_RUNS` Lighthouse runs of `url`: the median run's figures, and the median and every value of TBT. */
async function lighthouse(url, label) {
  const reports = [];
  for (let n = 1; n <= LIGHTHOUSE_RUNS; n += 1) {
    const stdout = await runLighthouse(url);
    if (process.env.PERF_REPORTS) {
      mkdirSync(process.env.PERF_REPORTS, { recursive: true });
      writeFileSync(`${process.env.PERF_REPORTS}/${label.replace(' ', '-')}-${n}.json`, stdout);
    }
    reports.push(JSON.parse(stdout));
  }
  const report = computeMedianRun(reports);
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    tbtMs: median(reports.map((run) => run.audits['total-blocking-time'].numericValue)),
    everyTbtMs: reports.map((run) => Math.round(run.audits['total-blocking-time'].numericValue)),
    scripts: scripts.map((item) => item.url),
  };
}

/** Bytes of each script as the server sends it to a gzip-only client. */
async function getGzipBytes(stack, host, urls) {
  let total = 0;
  for (const url of new Set(urls)) {
    const { pathname, search } = new URL(url);
    const res = await fetchRaw(stack, host, pathname + search, { 'accept-encoding': 'gzip' });
    total += res.headers['content-encoding'] === 'gzip' ? res.body.length : gzipSync(res.body).length;
  }
  return total;
}

async function load(stack, host, path) {
  const result = await autocannon({
    url: `${stack.baseUrl}${path}`,
    connections: LOAD.connections,
    duration: LOAD.durationS,
    headers: { host: `${host}.localhost:${stack.port}`, 'accept-encoding': 'gzip, br' },
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const rows = [];
const misses = [];
function check(label, value, limit, unit, higherIsBetter = false) {
  const ok = higherIsBetter ? value >= limit : value <= limit;
  rows.push({
    check: label,
    value: `${Number(value.toFixed(unit === '' ? 3 : 1))}${unit}`,
    budget: `${higherIsBetter ? '>=' : '<='} ${limit}${unit}`,
    ok: ok ? 'ok' : 'MISS',
  });
  if (!ok) misses.push(label);
}

const stack = await startTestStack();
try {
  const catalogue = await getCataloguePages(stack.databaseUrl);
  const productPath = catalogue.product;
  const pages = [
    ['home', catalogue.home],
    ['listing', catalogue.listing],
    ['product', productPath],
  ];
  let productScripts = [];

  if (!args.has('--no-lighthouse')) {
    for (const host of ['br', 'es']) {
      for (const [name, path] of pages) {
        const url = `http://${host}.localhost:${stack.port}${path}`;
        const label = `${host} ${name}`;
        const probe = await fetchRaw(stack, host, path);
        if (probe.status !== 200) {
          rows.push({ check: `${label} ${path}`, value: `HTTP ${probe.status}`, budget: '200', ok: 'MISS' });
          misses.push(`${label} unavailable`);
          continue;
        }
        // The demo catalogue draws its pictures on first request (src/server/catalog/routes.ts)
        // where a shop serves stored photos: draw this page's once so Lighthouse times the page.
        const pictures = new Set(probe.body.toString().match(/\/img\/[\w/.-]+\.webp/g) ?? []);
        await Promise.all([...pictures].map((path) => fetchRaw(stack, host, path)));
        const result = await lighthouse(url, label);
        check(`${label}: performance`, result.score, BUDGET.score, '', true);
        check(`${label}: LCP`, result.lcpMs, BUDGET.lcpMs, ' ms');
        check(`${label}: TBT (runs: ${result.everyTbtMs.join(', ')})`, result.tbtMs, BUDGET.tbtMs, ' ms');
        check(`${label}: CLS`, result.cls, BUDGET.cls, '');
        if (name === 'product' && host === 'br') productScripts = result.scripts;
      }
    }
    const jsBytes = await getGzipBytes(stack, 'br', productScripts);
    check(`product page JS (gzip, ${new Set(productScripts).size} files)`, jsBytes / 1024, BUDGET.jsGzipKb, ' kB');
  }

  for (const host of ['br', 'es']) {
    const html = await fetchRaw(stack, host, productPath, { 'accept-encoding': 'gzip' });
    const size = html.headers['content-encoding'] === 'gzip' ? html.body.length : gzipSync(html.body).length;
    check(`${host} product HTML (gzip)`, size / 1024, BUDGET.htmlGzipKb, ' kB');
  }

  if (!args.has('--no-load')) {
    const asset = { path: '/favicon.svg' };
    const page = await load(stack, 'br', productPath);
    const staticAsset = await load(stack, 'br', asset.path);
    rows.push({
      check: `load ${productPath} (${LOAD.connections} conn, ${LOAD.durationS} s)`,
      value: `${page.rps.toFixed(0)} req/s, p99 ${page.p99} ms, ${page.errors} errors`,
      budget: 'report',
      ok: page.errors ? 'MISS' : 'ok',
    });
    rows.push({
      check: `load ${asset.path} (static)`,
      value: `${staticAsset.rps.toFixed(0)} req/s, p99 ${staticAsset.p99} ms`,
      budget: 'report',
      ok: 'ok',
    });
    rows.push({
      check: 'product page / static asset',
      value: `${(page.rps / staticAsset.rps).toFixed(3)} of the throughput`,
      budget: 'report',
      ok: 'ok',
    });
    if (page.errors) misses.push('load errors');
  }
} finally {
  await stack.stop();
}

console.table(rows);
if (misses.length) {
  console.error(`budgets missed: ${misses.join(', ')}`);
  process.exit(1);
}
console.log('all budgets met');
