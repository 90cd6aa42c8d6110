import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/db/embedded.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { getRunStack } from '../support/api.ts';

/**
 * Issue 31 point 8 (decision 0955): Prometheus metrics on their own port behind METRICS_TOKEN,
 * from a shop of two processes (WEB_CONCURRENCY=2), summed over both by the cluster's primary.
 */
const TOKEN = 'metrics-token-for-the-test-scraper-0123456789';
let shop: ShopProcess;
let metricsPort = 0;
let dataDir = '';

function scrape(authorization?: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: authorization ? { authorization } : {} });
}

async function readMetrics(): Promise<string> {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series: the metric's name and every label given (other labels may be there too). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  const line = text
    .split('\n')
    .find((candidate) =>
      candidate.startsWith(`${name}{`) || candidate.startsWith(`${name} `) ? wanted.every((pair) => candidate.includes(pair)) : false,
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-metrics-'));
  await chmod(dataDir, 0o755);
  metricsPort = await findFreePort();
  shop = await startShopProcess(getRunStack().databaseUrl, {
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: '2',
    PG_POOL_MAX: '3',
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN: TOKEN,
    PAGE_CACHE: 'on',
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('metrics', () => {
  it('answers nothing without its token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.text()).not.toContain('fronteira_');
    }
  });

  it('counts a catalogue page by route kind and status, in the latency histogram and the page cache, over both processes', async () => {
    const before = await readMetrics();
    const page = await fetch(`http://127.0.0.1:${shop.port}/marcas`, { headers: { host: `es.localhost:${shop.port}` } });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const after = await readMetrics();
    expect(after).toMatch(/^# TYPE fronteira_http_requests_total counter$/m);
    const pages = { kind: 'page', status: '200' };
    expect(valueOf(after, 'fronteira_http_requests_total', pages) - valueOf(before, 'fronteira_http_requests_total', pages)).toBe(1);
    const count = 'fronteira_http_request_duration_seconds_count';
    expect(valueOf(after, count, { kind: 'page' }) - valueOf(before, count, { kind: 'page' })).toBe(1);
    const asked = (text: string) =>
      ['hit', 'stale', 'miss'].reduce((sum, outcome) => sum + valueOf(text, 'fronteira_page_cache_requests_total', { outcome }), 0);
    expect(asked(after) - asked(before)).toBe(1);
    // The page cache is one of the in-process caches (decision 1320): one read, the page kept.
    const pageReads = (text: string) =>
      ['hit', 'miss'].reduce((sum, outcome) => sum + valueOf(text, 'fronteira_cache_requests_total', { cache: 'pages', outcome }), 0);
    expect(pageReads(after) - pageReads(before)).toBe(1);
    expect(valueOf(after, 'fronteira_cache_entries', { cache: 'pages' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'fronteira_cache_bytes', { cache: 'pages' })).toBeGreaterThan(1_000);
    expect(after).toMatch(/^fronteira_cache_requests_total\{cache="shell",outcome="(hit|miss)"\} [1-9]\d*$/m);
  });

  it('shows the pools of both processes, the job queue, event-loop lag and memory', async () => {
    const text = await readMetrics();
    // PG_POOL_MAX=3 keeps 3 connections open in each of the two processes.
    expect(valueOf(text, 'fronteira_db_pool_connections', { state: 'total' })).toBe(6);
    expect(text).toMatch(/^fronteira_job_queue_jobs\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^# TYPE fronteira_mails_total counter$/m);
    expect(text).toMatch(/^# TYPE fronteira_payments_total counter$/m);
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThan(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  });
});
