// Cart and shipping benchmark (issue 4): cart add/update p99 with 50 concurrent carts, and the
// shipping calculation p95. Run by scripts/bench.mjs (`export default run({ baseUrl, port,
// databaseUrl, hostHeader })`), or alone: `npx node scripts/bench/cart.mjs` (starts a fresh stack).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

const CARTS = 50;
const UPDATES_PER_CART = 200;
const COLD_START_UPDATES_PER_CART = 4;
const WARM_UP_UPDATES_PER_CART = 200;
const REFERENCE_REQUESTS_PER_CART = 400;
const SHIPPING_WORKERS = 20;
const SHIPPING_CALLS = 25;
const PACED_INTERVAL_MS = 250;
const PACED_CHANGES = 20;

/** Runs the closed-loop rounds in a worker thread (lib/cart-closed-loop.mjs): one result per round. */
function runClosedLoop(workerData) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./lib/cart-closed-loop.mjs', import.meta.url), { workerData });
    const results = [];
    worker.on('message', (result) => results.push(result));
    worker.on('error', reject);
    worker.on('exit', (code) =>
      code === 0 && results.length === workerData.rounds.length
        ? resolve(results)
        : reject(new Error(`closed loop worker exited with ${code}`)),
    );
  });
}

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
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1)),
  };
}

export default async function run({ baseUrl, databaseUrl, hostHeader }) {
  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CARTS });
  const request = (method, path, body, host = hostHeader('br')) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const started = performance.now();
      const req = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          path,
          method,
          agent,
          headers: {
            host,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const tag = randomUUID().slice(0, 8);
  const { rows } = await db.query(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
     SELECT 'BENCH-' || $1 || '-' || n, 'bench-' || $1 || '-' || n, 'Bench ' || n, 'Bench ' || n, 1000 + n, 5000,
            (SELECT min(id) FROM brands), (SELECT min(id) FROM categories)
       FROM generate_series(1, 3) AS n RETURNING id`,
    [tag],
  );
  const productIds = rows.map((row) => Number(row.id));
  const city = (await db.query(`SELECT id FROM cities WHERE name = 'Ciudad del Este' AND state_id = 30`)).rows[0].id;
  await db.end();

  // Cart add/update: 50 carts changed concurrently, each change a full-cart PUT (what the store sends).
  const carts = [];
  for (let i = 0; i < CARTS; i += 1) {
    const externalId = randomBytes(24).toString('base64url');
    const created = await request('POST', '/ecom/venda/carrinho', {
      external_id: externalId,
      moeda_id: 3,
      itens: [{ produto_id: productIds[0], qtde: 1 }],
    });
    if (created.status !== 201) throw new Error(`cart create failed: ${created.status} ${created.body}`);
    carts.push({ externalId, id: JSON.parse(created.body).id });
  }
  let cartErrors = 0;
  // The first changes after start-up meet cold code and per-connection caches (JIT, plpgsql and
  // prepared statements per PostgreSQL backend): reported apart as the cold start. Split into
  // windows of 2,000 changes, a 50-cart loop kept getting faster for its first 10,000 or so (V8
  // optimising the hot path): those run as a warm-up, and the running shop is measured after it,
  // over 10,000 changes so that its p99 is not decided by one second of the machine's life.
  // The reference (GET /healthz, same loop and connections) runs just before and just after the
  // measured round: the cart's rps is reported as a ratio to their mean (issue 30 point 2), a
  // figure that moves with the shop's code and much less with the machine's other load.
  const [coldStart, warmUp, referenceBefore, steady, referenceAfter] = await runClosedLoop({
    baseUrl,
    host: hostHeader('br'),
    carts,
    productIds,
    rounds: [
      { kind: 'cart', updates: COLD_START_UPDATES_PER_CART },
      { kind: 'cart', updates: WARM_UP_UPDATES_PER_CART },
      { kind: 'reference', updates: REFERENCE_REQUESTS_PER_CART },
      { kind: 'cart', updates: UPDATES_PER_CART },
      { kind: 'reference', updates: REFERENCE_REQUESTS_PER_CART },
    ],
  });
  for (const round of [coldStart, warmUp, steady]) cartErrors += round.errors;
  const { samples: cartSamples, seconds: cartSeconds } = steady;

  // The same change one at a time: the per-request cost without queueing.
  const sequentialSamples = [];
  for (let n = 0; n < 100; n += 1) {
    const res = await request('PUT', `/ecom/venda/carrinho/${carts[0].id}`, {
      external_id: carts[0].externalId,
      moeda_id: 3,
      itens: [{ produto_id: productIds[0], qtde: 1 + (n % 5) }],
    });
    if (res.status !== 200) cartErrors += 1;
    sequentialSamples.push(res.ms);
  }

  // The same 50 carts at a shopper's pace: each sends a change every PACED_INTERVAL_MS (on time, or
  // at once when the previous answer came late), 200 changes a second offered. The closed loop
  // above keeps 50 requests always in flight, so its latency is mostly queueing (50 / throughput);
  // this one shows the latency of a busy shop that is not saturated.
  const pacedSamples = [];
  await Promise.all(
    carts.map(async (cart, index) => {
      const start = performance.now() + (index * PACED_INTERVAL_MS) / CARTS;
      for (let n = 0; n < PACED_CHANGES; n += 1) {
        const wait = start + n * PACED_INTERVAL_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const itens = productIds
          .slice(0, 1 + ((n + index) % 3))
          .map((produto_id, k) => ({ produto_id, qtde: 1 + ((n + k) % 5), ativo: true }));
        const res = await request('PUT', `/ecom/venda/carrinho/${cart.id}`, { external_id: cart.externalId, moeda_id: 3, itens });
        if (res.status !== 200) cartErrors += 1;
        pacedSamples.push(res.ms);
      }
    }),
  );

  // Shipping calculation for a Paraguayan city, 20 concurrent callers.
  const shippingSamples = [];
  let shippingErrors = 0;
  await Promise.all(
    carts.slice(0, SHIPPING_WORKERS).map(async (cart) => {
      for (let n = 0; n < SHIPPING_CALLS; n += 1) {
        const res = await request(
          'PUT',
          `/ecom/venda/carrinho/${cart.externalId}/calcular-frete`,
          { cidade_id: city, external_id: cart.externalId, moeda_id: 3 },
          hostHeader('es'),
        );
        if (res.status !== 200) shippingErrors += 1;
        shippingSamples.push(res.ms);
      }
    }),
  );
  agent.destroy();

  const cartUpdate = {
    ...summary(cartSamples),
    concurrent_carts: CARTS,
    errors: cartErrors,
    rps: Math.round(cartSamples.length / cartSeconds),
  };
  const shipping = { ...summary(shippingSamples), concurrency: SHIPPING_WORKERS, errors: shippingErrors };
  const referenceRps = [referenceBefore, referenceAfter].map((round) => round.samples.length / round.seconds);
  const reference = {
    ...summary([...referenceBefore.samples, ...referenceAfter.samples]),
    rps: Math.round((referenceRps[0] + referenceRps[1]) / 2),
    errors: referenceBefore.errors + referenceAfter.errors,
  };
  const ratioOf = (value) => Math.round((value / reference.rps) * 1000) / 1000;
  return {
    name: 'cart',
    cart_update: cartUpdate,
    reference_healthz: reference,
    cart_update_rps_ratio: ratioOf(cartUpdate.rps),
    cart_update_cold_start: { ...summary(coldStart.samples), concurrent_carts: CARTS },
    cart_update_warm_up: { ...summary(warmUp.samples), concurrent_carts: CARTS, rps: Math.round(warmUp.samples.length / warmUp.seconds) },
    cart_update_sequential: summary(sequentialSamples),
    cart_update_paced: { ...summary(pacedSamples), offered_rps: Math.round((CARTS * 1000) / PACED_INTERVAL_MS) },
    shipping_calculation: shipping,
    targets: { cart_update_p99_ms: 50, shipping_p95_ms: 30 },
    pass: cartUpdate.p99_ms <= 50 && shipping.p95_ms <= 30 && cartErrors === 0 && shippingErrors === 0,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startTestStack } = await import('#tests/support/test-stack.ts');
  const stack = await startTestStack();
  try {
    const result = await run({
      baseUrl: stack.baseUrl,
      port: stack.port,
      databaseUrl: stack.databaseUrl,
      hostHeader: (host) => `${host}.localhost:${stack.port}`,
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await stack.stop();
  }
}
