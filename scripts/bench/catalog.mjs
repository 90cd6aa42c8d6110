// Catalogue figures: p50/p95 of /api/public/products (page 1, page 400, category + brands,
// text search) and product details, one request at a time on a keep-alive connection (so the
// time is the server's, not a queue's), then the shop's RSS.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';

const WARMUP = 20;
const SAMPLES = 300;

function get(agent, port, host, path) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { host, 'accept-encoding': 'identity' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          serverMs: Number(String(res.headers['server-timing'] ?? '').match(/app;dur=([\d.]+)/)?.[1] ?? Number.NaN),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(agent, port, host, paths) {
  for (let i = 0; i < WARMUP; i += 1) await get(agent, port, host, paths[i % paths.length]);
  const times = [];
  const serverTimes = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const { status, ms, serverMs } = await get(agent, port, host, paths[i % paths.length]);
    if (status !== 200) throw new Error(`${paths[i % paths.length]} answered ${status}`);
    times.push(ms);
    if (Number.isFinite(serverMs)) serverTimes.push(serverMs);
  }
  times.sort((a, b) => a - b);
  serverTimes.sort((a, b) => a - b);
  const round = (n) => (n === undefined ? null : Number(n.toFixed(2)));
  return {
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    max_ms: round(times.at(-1)),
    // Handler time as the endpoint measured it (Server-Timing): no client or socket time.
    server_p50_ms: round(percentile(serverTimes, 50)),
    server_p95_ms: round(percentile(serverTimes, 95)),
    samples: SAMPLES,
  };
}

async function readRssMb(pid) {
  if (!pid) return null;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
  return Number.isFinite(kb) ? Number((kb / 1024).toFixed(1)) : null;
}

/**
 * Search at the bench's catalogue size (issue 21: p95 <= 15 ms for each kind), each kind on the
 * host of its language: several words with thousands of matches (the planner's blind spot,
 * decision 0100), a single word, words typed without accents, a typo, Spanish names.
 */
const SEARCH_KINDS = {
  several_words_many_matches: [
    ['es', 'taladro percutor'],
    ['pt', 'furadeira impacto'],
    ['es', 'sierra circular'],
  ],
  single_word: [
    ['pt', 'furadeira'],
    ['es', 'taladro'],
    ['pt', 'trena'],
  ],
  without_accents: [
    ['es', 'nivel laser'],
    ['pt', 'grampeador pneumatico'],
    ['es', 'cepillo electrico'],
  ],
  typo: [
    ['pt', 'parafusadera'],
    ['pt', 'furadiera'],
    ['es', 'amoladra angular'],
  ],
  spanish: [
    ['es', 'amoladora angular'],
    ['es', 'llave de impacto'],
    ['es', 'cortadora de cesped'],
  ],
};
const SEARCH_P95_TARGET_MS = 15;

async function measureSearchKinds(agent, port, hostHeader) {
  const kinds = {};
  for (const [kind, queries] of Object.entries(SEARCH_KINDS)) {
    const byHost = { pt: [], es: [] };
    for (const [lang, text] of queries) byHost[lang].push(`/api/public/products?text=${encodeURIComponent(text)}&lang=${lang}&per_page=20`);
    const figures = [];
    for (const lang of ['pt', 'es']) {
      if (byHost[lang].length) figures.push(await measure(agent, port, hostHeader(lang === 'pt' ? 'br' : 'es'), byHost[lang]));
    }
    const p95 = Math.max(...figures.map((f) => f.p95_ms));
    kinds[kind] = {
      queries: queries.map(([lang, text]) => `${lang}: ${text}`),
      p50_ms: Math.max(...figures.map((f) => f.p50_ms)),
      p95_ms: p95,
    };
  }
  const worst = Math.max(...Object.values(kinds).map((k) => k.p95_ms));
  return { kinds, target: `p95 <= ${SEARCH_P95_TARGET_MS} ms for each kind`, pass: worst <= SEARCH_P95_TARGET_MS };
}

export default async function run({ port, hostHeader, serverPid }) {
  const loadBefore = os.loadavg()[0];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const host = hostHeader('br');
  const start = JSON.parse((await get(agent, port, host, '/api/public/start?lang=pt')).body.toString());
  const category = start.categories.find((c) => c.slug === 'ferramentas-eletricas') ?? start.categories[0];
  const brandIds = start.brands
    .filter((b) => ['makita', 'bosch', 'dewalt'].includes(b.slug))
    .map((b) => b.id)
    .join(',');
  const total = JSON.parse((await get(agent, port, host, '/api/public/products?per_page=1')).body.toString()).total;
  const codes = JSON.parse((await get(agent, port, host, '/api/public/products?per_page=20&page=37')).body.toString()).data.map(
    (p) => p.codigo,
  );
  const searches = ['furadeira', 'makita furad', 'esmerilhadeira angular', 'furadiera', 'trena', ...codes.slice(0, 5)].map(
    (t) => `/api/public/products?text=${encodeURIComponent(t)}&lang=pt&all_products=1&category_id=&department_id=&per_page=20`,
  );
  const figures = {
    products_total: total,
    list_page_1: await measure(agent, port, host, ['/api/public/products?lang=pt&per_page=20&page=1&order_by=id&order=desc']),
    list_page_400: await measure(agent, port, host, ['/api/public/products?lang=pt&per_page=20&page=400&order_by=id&order=desc']),
    list_price_page_1: await measure(agent, port, host, ['/api/public/products?lang=pt&per_page=20&page=1&order_by=valor_venda&order=asc']),
    category_and_brands: await measure(agent, port, host, [
      `/api/public/products?lang=pt&per_page=20&page=1&category_id=${category.id}&brands_ids=${brandIds}`,
      `/api/public/products?lang=pt&per_page=20&page=3&category_id=${category.id}&brands_ids=${brandIds}&order_by=valor_venda&order=desc`,
    ]),
    text_search: await measure(agent, port, host, searches),
    product_details: await measure(
      agent,
      port,
      host,
      codes.map((_, i) => `/api/public/products/${1000 + i * 977}/details?lang=es`),
    ),
    search_by_kind: await measureSearchKinds(agent, port, hostHeader),
    start: await measure(agent, port, host, ['/api/public/start?lang=pt']),
    server_rss_mb: await readRssMb(serverPid),
    // Other work on the machine inflates every figure: the 1-minute load average around the run.
    load_average_1m: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0].toFixed(2)), cpus: os.cpus().length },
  };
  agent.destroy();
  return figures;
}
