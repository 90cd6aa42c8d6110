// The cart bench's load generator (scripts/bench/cart.mjs), run in a worker thread: its own small
// heap, so that its garbage collection does not stop the clock. Run in the bench's main thread,
// which also holds the test stack and the seed, the loop's own scavenges took 13-30 ms (node
// --trace-gc) and showed up as the shop's latency.
//
// workerData: { baseUrl, host, carts: [{ id, externalId }], productIds, rounds: [{ kind, updates }] }
// A round of kind 'cart' sends whole-cart PUTs; kind 'reference' sends GET /healthz on the same 50
// connections (the same loop, no shop code): the machine's pace at that moment, which the bench
// divides the cart's figures by (the machine is shared, absolute figures move with its load).
// Posts, per round: { samples: Float64Array (ms), seconds, errors }.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, host, carts, productIds, rounds } = workerData;
const origin = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: carts.length });

/** One request (a whole-cart PUT, or the reference GET); resolves with its status once the answer has been read. */
function send(method, path, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        path,
        method,
        agent,
        headers:
          payload === undefined
            ? { host }
            : { host, accept: 'application/json', 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `updates` requests per cart, every cart at once, each sending its next one when answered. */
async function runRound({ kind, updates }) {
  const samples = new Float64Array(updates * carts.length);
  let recorded = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    carts.map(async (cart, index) => {
      for (let n = 0; n < updates; n += 1) {
        // 1 to 3 lines, quantities moving: lines are added, changed and removed as a shopper does.
        const itens = productIds
          .slice(0, 1 + ((n + index) % 3))
          .map((produto_id, k) => ({ produto_id, qtde: 1 + ((n + k) % 5), ativo: true }));
        const payload = JSON.stringify({ external_id: cart.externalId, moeda_id: 3, itens });
        const sent = performance.now();
        const status = kind === 'reference' ? await send('GET', '/healthz') : await send('PUT', `/ecom/venda/carrinho/${cart.id}`, payload);
        samples[recorded++] = performance.now() - sent;
        if (status !== 200) errors += 1;
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000, errors };
}

for (const round of rounds) {
  const result = await runRound(round);
  parentPort.postMessage(result, [result.samples.buffer]);
}
agent.destroy();
