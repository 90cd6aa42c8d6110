// ERP API benchmark (issue 20): a bulk stock update of 5,000 rows by codigo, p95 (target under
// 500 ms), every call changing all 5,000 products (stock alternates), against a reference in the
// same run: the same call with 1 row (the fixed cost of auth, rate limit and one statement).
// Run by scripts/bench.mjs: `npm run bench -- --only erp`.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const ROWS = 5000;
const WARM_UP = 3;
const CALLS = 30;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summary(samples) {
  const sorted = Float64Array.from(samples).sort();
  const round = (n) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted.at(-1)),
  };
}

export default async function run({ baseUrl, databaseUrl, hostHeader }) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const secret = `frt_${randomBytes(32).toString('base64url')}`;
  await db.query('INSERT INTO api_keys (name, prefix, key_hash, scopes) VALUES ($1, $2, $3, $4)', [
    'bench',
    secret.slice(0, 12),
    createHash('sha256').update(secret).digest(),
    ['stock'],
  ]);
  const { rows } = await db.query('SELECT code FROM products ORDER BY id DESC LIMIT $1', [ROWS]);
  await db.end();
  if (rows.length < ROWS) throw new Error(`need ${ROWS} products, found ${rows.length}`);
  const codes = rows.map((row) => row.code);

  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (itens) =>
    new Promise((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify({ itens }));
      const started = performance.now();
      const req = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          path: '/api/painel/v1/estoque',
          method: 'POST',
          agent,
          headers: {
            host: hostHeader('es'),
            authorization: `Bearer ${secret}`,
            'content-type': 'application/json',
            'content-length': payload.length,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const body = JSON.parse(Buffer.concat(chunks).toString());
            if (res.statusCode !== 200) reject(new Error(`bulk call answered ${res.statusCode}: ${JSON.stringify(body)}`));
            else resolve({ ms: performance.now() - started, body });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const rowsFor = (round, count) => codes.slice(0, count).map((codigo, n) => ({ codigo, estoque: 10 + (round % 2) + (n % 7) }));
  for (let round = 0; round < WARM_UP; round += 1) await post(rowsFor(round, ROWS));
  const bulk = [];
  const single = [];
  let updated = 0;
  for (let round = WARM_UP; round < WARM_UP + CALLS; round += 1) {
    const result = await post(rowsFor(round, ROWS));
    bulk.push(result.ms);
    updated += result.body.atualizados;
    single.push((await post(rowsFor(round, 1))).ms);
  }
  const bulkSummary = summary(bulk);
  const reference = summary(single);
  return {
    bulk_stock_5000_rows: {
      ...bulkSummary,
      rows_updated_per_call: Math.round(updated / CALLS),
      target_p95_ms: 500,
      met: bulkSummary.p95_ms < 500,
    },
    reference_1_row: reference,
    ratio_p95_to_reference: Math.round((bulkSummary.p95_ms / reference.p95_ms) * 10) / 10,
  };
}
