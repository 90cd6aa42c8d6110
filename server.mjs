// The shop's entry: boots the database, then serves built assets and Astro's handler with
// compression, health checks and a graceful shutdown. Run through `npm start`.
import compression from 'compression';
import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { onCatalogueChange, startCatalogueRelay } from './src/server/catalogue-changes/index.ts';
import { requireValidConfig } from './src/server/config.ts';
import { bootDatabase } from './src/server/db/boot.ts';
import { closePool, getPool } from './src/server/db/client.ts';
import { runClusterPrimary } from './src/server/entry/cluster.ts';
import { serveFastRoute } from './src/server/entry/fast-routes.ts';
import { answerFailedRequest, serveOrAnswerFailure } from './src/server/http/request-failure.ts';
import { checkRequestHead, writeRefusal } from './src/server/http/request-guard.ts';
import { takeLargeUpload } from './src/server/http/body-limit.ts';
import { createStaticHandler } from './src/server/entry/static-files.ts';
import { scheduleStartupJobs, startJobs } from './src/server/jobs/index.ts';
import { routeConsoleToLogger, serveWithRequestLog } from './src/server/log/index.ts';
import { startMetricsServer } from './src/server/metrics/index.ts';
import { createPageCache } from './src/server/page-cache/serve.ts';

// React picks its development build (several times slower to render) unless told otherwise; the
// dynamic import of the handler below comes after this line.
process.env.NODE_ENV ??= 'production';
const config = requireValidConfig();
// JSON log lines with the request id (decision 0750); an outage's repeated errors are counted,
// not written thousands of times a second (src/server/log/limit.ts).
routeConsoleToLogger();
// METRICS_PORT: Prometheus metrics, summed over the workers by the cluster's primary (decision 0955).
startMetricsServer();
const root = path.dirname(fileURLToPath(import.meta.url));
const port = config.PORT;
const SHUTDOWN_GRACE_MS = 10_000;

// WEB_CONCURRENCY > 1: this process becomes the cluster's primary (src/server/entry/cluster.ts):
// it boots the database and does the startup work once, then supervises that many copies of
// this file, which continue below as plain shop processes; it never gets past this line.
if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
  await runClusterPrimary({
    workers: config.WEB_CONCURRENCY,
    graceMs: SHUTDOWN_GRACE_MS,
    async prepare() {
      const prepared = await bootDatabase({ seed: config.SEED === '1' });
      await scheduleStartupJobs();
      await closePool(); // the primary serves no request: its workers open their own pools
      return prepared;
    },
  });
}
// SIGTERM or SIGINT before the shop serves: the boot stops where it is (an embedded PostgreSQL
// still starting is stopped with it) and the process exits, instead of finishing a start no one
// wants; once it serves, the same signals drain the requests (shutDown below).
const bootStop = new AbortController();
let onStopSignal = (signal) => {
  console.log(`${signal} during start: stopping`);
  bootStop.abort();
};
process.on('SIGTERM', () => void onStopSignal('SIGTERM'));
process.on('SIGINT', () => void onStopSignal('SIGINT'));
// The supervisor of `npm start` gone (killed): stop rather than live on as an orphan holding the port.
if (!cluster.isWorker && process.connected) process.once('disconnect', () => void onStopSignal('supervisor gone'));
// `--standby`: `npm start`'s supervisor keeps one process booted in reserve on the prepared
// database; it listens only when told to, when the serving one has died (scripts/start.mjs).
const standby = process.argv.includes('--standby');
const prepared = cluster.isWorker || standby;
const database = await bootDatabase({ seed: config.SEED === '1', prepared, signal: bootStop.signal }).catch((error) => {
  if (bootStop.signal.aborted) process.exit(0);
  throw error;
});
if (bootStop.signal.aborted) {
  await database.stop();
  process.exit(0);
}
// The job queue's worker: e-mails, and reconciliation and reservation expiry from boot, whether
// or not anyone shops (each job runs in one of the shop's processes).
const jobs = await startJobs(database.url, { scheduleFirst: !prepared });
// Catalogue changes announced in other processes (and by the tables' triggers) reach this one's caches.
const relay = startCatalogueRelay(database.url);
const { handler } = await import(path.join(root, 'dist/server/entry.mjs'));
const serveStatic = await createStaticHandler(path.join(root, 'dist/client'));
// Cheap levels: on-the-fly compression at high levels costs more throughput than it saves.
// Brotli quality 3 (compression's default is 4), streamed, on a 132 kB product page: about
// 1.0 ms of CPU instead of 1.5 ms, 23.3 kB instead of 22.4 kB. A 256 kB window (LGWIN 18)
// instead of the default 4 MB: pages are 25-170 kB, so the bytes are the same and the encoder
// sets up and clears far less memory per response (issue 21: about half the brotli time).
const compress = compression({
  level: 4,
  threshold: 1024,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
});
// Anonymous catalogue pages rendered once and served from memory (src/server/page-cache).
const pageCache =
  config.PAGE_CACHE === 'on'
    ? createPageCache(handler, {
        maxBytes: config.PAGE_CACHE_MAX_BYTES,
        freshMs: config.PAGE_CACHE_FRESH_S * 1000,
        staleMs: config.PAGE_CACHE_STALE_S * 1000,
        exposeStatus: config.PAGE_CACHE_STATUS_HEADER === 'on',
        rendersPerClient: { perSecond: config.PAGE_RENDERS_PER_CLIENT_S, burst: config.PAGE_RENDERS_PER_CLIENT_BURST },
      })
    : null;
if (pageCache) onCatalogueChange((tags) => pageCache.invalidate(tags));

/** A page the cache rendered but does not keep (a redirect, a 404): compressed like any answer. */
function writeUncachedPage(req, res, page) {
  compress(req, res, () => {
    res.writeHead(page.status, page.headers);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  });
}

// PROCESS_ID_HEADER=on (tests, benchmarks): /healthz names the process that answered.
const healthHeaders = {
  'content-type': 'text/plain',
  'cache-control': 'no-store',
  ...(config.PROCESS_ID_HEADER === 'on' ? { 'x-process-id': String(process.pid) } : {}),
};
let shuttingDown = false;
// The hot cart and shipping JSON routes skip Astro's pipeline (decision 0206); FAST_ROUTES=off
// sends them through Astro too (the tests compare both answers).
const fastRoutes = config.FAST_ROUTES === 'on';

async function answerReadiness(res) {
  if (shuttingDown) return res.writeHead(503, { 'content-type': 'text/plain' }).end('shutting down');
  try {
    await getPool().query('SELECT 1');
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('ready');
  } catch {
    res.writeHead(503, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('database unavailable');
  }
}

// An error escaping one request's handling, thrown or rejected, answers that request 500 with its
// request id in the log; it never ends the process (issue 29).
const server = http.createServer((req, res) => serveWithRequestLog(req, res, () => serveOrAnswerFailure(req, res, () => serve(req, res))));

/** Astro's handler, its rejection answered like a thrown error. */
function handleWithAstro(req, res) {
  // A ZIP of pictures is read by its page from Node's request, past Astro's body cap (body-limit.ts).
  const largeUpload = takeLargeUpload(req);
  const locals = largeUpload ? { largeUpload } : undefined;
  Promise.resolve(handler(req, res, undefined, locals)).catch((error) => answerFailedRequest(req, res, error));
}

function serve(req, res) {
  if (req.url === '/healthz') return res.writeHead(200, healthHeaders).end('ok');
  if (req.url === '/readyz') return void answerReadiness(res);
  const refusal = checkRequestHead(req);
  if (refusal) return writeRefusal(res, refusal);
  if (shuttingDown) res.setHeader('connection', 'close');
  if (serveStatic(req, res)) return;
  if (pageCache?.serve(req, res, (page) => writeUncachedPage(req, res, page))) return;
  const answer = () =>
    compress(req, res, () => {
      if (!fastRoutes || !serveFastRoute(req, res, () => handleWithAstro(req, res))) handleWithAstro(req, res);
    });
  // An anonymous page the cache does not keep is a render: it waits for its client's turn.
  if (pageCache) pageCache.renderWithinBudget(req, res, answer);
  else answer();
}
server.keepAliveTimeout = 65_000;

if (standby) {
  process.send?.({ type: 'standing-by' });
  await new Promise((resolve) => {
    if (bootStop.signal.aborted) resolve();
    bootStop.signal.addEventListener('abort', resolve, { once: true });
    process.on('message', (message) => message?.type === 'serve' && resolve());
  });
}
if (bootStop.signal.aborted) {
  await Promise.all([jobs.stop(), relay.stop()]);
  await database.stop();
  process.exit(0);
}
server.listen(port, () => {
  console.log(`Fronteira is serving on http://localhost:${port} (storefronts http://br.localhost:${port} and http://es.localhost:${port})`);
  // `npm start`'s supervisor (scripts/start.mjs) counts the start as done from here.
  if (!cluster.isWorker) process.send?.({ type: 'ready' });
});

async function shutDown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: finishing in-flight requests`);
  const jobsStopped = jobs.stop(); // no new job; the running ones end before the database
  const relayStopped = relay.stop();
  const forceClose = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  server.close(async () => {
    clearTimeout(forceClose);
    await jobsStopped;
    await relayStopped;
    // A stale page being rendered again in the background still reads the database.
    await pageCache?.settle();
    // Our connections close first, so stopping PostgreSQL does not cut them from under the pool.
    await closePool().catch((error) => console.error('pool close failed', error));
    await database.stop().catch((error) => console.error('database stop failed', error));
    process.exit(0);
  });
  server.closeIdleConnections();
}
// A promise nobody awaited that fails (a request's background work, a job's stray call) is logged:
// Node's default would end the process and every request in it.
process.on('unhandledRejection', (reason) =>
  console.error('[entry] unhandled rejection', reason instanceof Error ? reason : new Error(String(reason))),
);
onStopSignal = shutDown;
