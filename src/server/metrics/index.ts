// Prometheus metrics (issue 31 point 8, decision 0955): what the shop counts, and the endpoint a
// Prometheus scrapes (METRICS_PORT, behind METRICS_TOKEN). Infrastructure: no five-file shape.
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import client from 'prom-client';
import { getConfig } from '../config.ts';
import { getPool, getPoolUse } from '../db/client.ts';
import { countQueuedJobs } from './repository.ts';

export type PageCacheOutcome = 'hit' | 'stale' | 'miss';
/** Why an entry left an in-process cache: its bound (size), its time (expired), a catalogue change (invalidated). */
export type CacheDropReason = 'size' | 'expired' | 'invalidated';

/**
 * What the caches of one name counted: plain numbers, as a read of a cache must cost next to
 * nothing (a listing page reads dozens of rendered fragments); the metrics read them when scraped.
 */
export interface CacheCounts {
  hits: number;
  misses: number;
  drops: Record<CacheDropReason, number>;
}
const cacheCounts = new Map<string, CacheCounts>();

/** The counts the caches named `name` add to (one record per name, for the process's life). */
export function getCacheCounts(name: string): CacheCounts {
  let counts = cacheCounts.get(name);
  if (!counts) cacheCounts.set(name, (counts = { hits: 0, misses: 0, drops: { size: 0, expired: 0, invalidated: 0 } }));
  return counts;
}

/** What the size gauges read of one in-process cache (src/server/cache). */
export interface CacheSizeReader {
  readonly name: string;
  readonly entries: number;
  /** What its entries weigh when it is bounded by size (the page cache: bytes), else null. */
  readonly weight: number | null;
}
/** Every cache the process made; weak, so a service's cache goes with its service. */
const cacheSizeReaders = new Set<WeakRef<CacheSizeReader>>();

/** Sums `read` over the live caches of each name, forgetting the dead ones. */
function sumCacheSizes(read: (cache: CacheSizeReader) => number | null): Map<string, number> {
  const sums = new Map<string, number>();
  for (const ref of cacheSizeReaders) {
    const cache = ref.deref();
    if (!cache) {
      cacheSizeReaders.delete(ref);
      continue;
    }
    const value = read(cache);
    if (value !== null) sums.set(cache.name, (sums.get(cache.name) ?? 0) + value);
  }
  return sums;
}

function createShopMetrics() {
  client.collectDefaultMetrics(); // event-loop lag, memory, heap, CPU, handles (per process)
  return {
    requests: new client.Counter({
      name: 'fronteira_http_requests_total',
      help: 'Requests answered, by route kind and status code',
      labelNames: ['kind', 'status'] as const,
    }),
    requestSeconds: new client.Histogram({
      name: 'fronteira_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route kind',
      labelNames: ['kind'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    pageCache: new client.Counter({
      name: 'fronteira_page_cache_requests_total',
      help: 'Catalogue pages asked of the page cache: hit (fresh), stale (served while rendered again), miss',
      labelNames: ['outcome'] as const,
    }),
    cacheRequests: new client.Counter({
      name: 'fronteira_cache_requests_total',
      help: 'Reads of an in-process cache (decision 1320), by cache: hit or miss',
      labelNames: ['cache', 'outcome'] as const,
      collect() {
        this.reset();
        for (const [cache, counts] of cacheCounts) {
          this.inc({ cache, outcome: 'hit' }, counts.hits);
          this.inc({ cache, outcome: 'miss' }, counts.misses);
        }
      },
    }),
    cacheDrops: new client.Counter({
      name: 'fronteira_cache_evictions_total',
      help: 'Entries dropped from an in-process cache, by cache and reason: size (its bound), expired, invalidated (a catalogue change)',
      labelNames: ['cache', 'reason'] as const,
      collect() {
        this.reset();
        for (const [cache, counts] of cacheCounts) {
          for (const [reason, count] of Object.entries(counts.drops)) this.inc({ cache, reason }, count);
        }
      },
    }),
    cacheEntries: new client.Gauge({
      name: 'fronteira_cache_entries',
      help: 'Entries an in-process cache holds, by cache',
      labelNames: ['cache'] as const,
      collect() {
        this.reset();
        for (const [cache, value] of sumCacheSizes((reader) => reader.entries)) this.set({ cache }, value);
      },
    }),
    cacheBytes: new client.Gauge({
      name: 'fronteira_cache_bytes',
      help: 'What the entries of a cache bounded by size weigh (the page cache: bytes of its three encodings), by cache',
      labelNames: ['cache'] as const,
      collect() {
        this.reset();
        for (const [cache, value] of sumCacheSizes((reader) => reader.weight)) this.set({ cache }, value);
      },
    }),
    jobFailures: new client.Counter({
      name: 'fronteira_job_failures_total',
      help: 'Job runs that threw (the queue tries again later), by task',
      labelNames: ['task'] as const,
    }),
    mails: new client.Counter({
      name: 'fronteira_mails_total',
      help: 'E-mails handed to SMTP (or written as .eml without SMTP_URL): sent or failed',
      labelNames: ['outcome'] as const,
    }),
    payments: new client.Counter({
      name: 'fronteira_payments_total',
      help: 'Payment outcomes settled from gateway reports (approved, declined) and refunds (refunded, refund_failed)',
      labelNames: ['gateway', 'outcome'] as const,
    }),
    poolConnections: new client.Gauge({
      name: 'fronteira_db_pool_connections',
      help: "The serving pool's connections: total, idle, and requests waiting for one",
      labelNames: ['state'] as const,
      collect() {
        const use = getPoolUse();
        if (!use) return;
        for (const [state, value] of Object.entries(use)) this.set({ state }, value);
      },
    }),
    queuedJobs: new client.Gauge({
      name: 'fronteira_job_queue_jobs',
      help: 'Jobs in the queue: waiting (due, scheduled or to be retried) and dead (out of attempts); one database, so the same in every process',
      labelNames: ['state'] as const,
      aggregator: 'max',
      async collect() {
        // No pool outside a running shop (a unit test reading its metrics): no queue to count.
        const counts = await Promise.resolve()
          .then(() => countQueuedJobs(getPool()))
          .catch(() => null);
        if (!counts) return;
        this.set({ state: 'waiting' }, counts.waiting);
        this.set({ state: 'dead' }, counts.dead);
      },
    }),
  };
}

type ShopMetrics = ReturnType<typeof createShopMetrics>;

let metrics: ShopMetrics | undefined;

function getMetrics(): ShopMetrics {
  return (metrics ??= createShopMetrics());
}

/** What a request was, for its label: few values, never a path of its own. */
export function toRouteKind(path: string): string {
  if (path === '/healthz' || path === '/readyz') return 'health';
  if (path.startsWith('/api/painel/') || path === '/painel' || path.startsWith('/painel/')) return 'panel';
  if (path.startsWith('/api/erp/')) return 'erp';
  if (path.startsWith('/api/') || path.startsWith('/ecom/')) return 'api';
  if (path.startsWith('/_astro/') || /\.[a-z0-9]{2,5}$/i.test(path)) return 'asset';
  return 'page';
}

export function countRequest(path: string, status: number, seconds: number): void {
  const kind = toRouteKind(path);
  const metrics = getMetrics();
  metrics.requests.inc({ kind, status: String(status) });
  metrics.requestSeconds.observe({ kind }, seconds);
}

export function countPageCache(outcome: PageCacheOutcome): void {
  getMetrics().pageCache.inc({ outcome });
}

/** Lets the size gauges read `cache` while it lives. */
export function watchCacheSize(cache: CacheSizeReader): void {
  cacheSizeReaders.add(new WeakRef(cache));
}

export function countJobFailure(task: string): void {
  getMetrics().jobFailures.inc({ task });
}

export function countMail(outcome: 'sent' | 'failed' | 'capped'): void {
  getMetrics().mails.inc({ outcome });
}

export function countPayment(gateway: string, outcome: 'approved' | 'declined' | 'refunded' | 'refund_scheduled' | 'refund_failed'): void {
  getMetrics().payments.inc({ gateway, outcome });
}

/** This process's metrics in Prometheus' text format, as its scrape answers them. */
export function readProcessMetrics(): Promise<string> {
  getMetrics();
  return client.register.metrics();
}

function isBearerOf(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * With METRICS_PORT set: answers `GET /metrics` there to a bearer of METRICS_TOKEN. In a cluster
 * (WEB_CONCURRENCY > 1) the primary answers the sum over its workers (prom-client's
 * AggregatorRegistry; gauges of the one database its maximum), each worker lends its own.
 */
export function startMetricsServer(): void {
  const { METRICS_PORT: port, METRICS_TOKEN: token, WEB_CONCURRENCY } = getConfig();
  if (!port || !token) return;
  getMetrics();
  const aggregated = WEB_CONCURRENCY > 1 ? new client.AggregatorRegistry() : null;
  if (cluster.isWorker) return; // the AggregatorRegistry above makes it answer the primary's asks
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return void res.writeHead(404).end();
    if (!isBearerOf(req.headers.authorization, token)) {
      return void res.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' }).end('METRICS_TOKEN required\n');
    }
    (aggregated ? aggregated.clusterMetrics() : readProcessMetrics()).then(
      (text) => res.writeHead(200, { 'content-type': client.register.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        console.error('metrics could not be collected', error);
        res.writeHead(500).end();
      },
    );
  });
  server.listen(port, () => console.log(`Metrics on http://localhost:${port}/metrics (bearer METRICS_TOKEN)`));
  server.unref();
}
