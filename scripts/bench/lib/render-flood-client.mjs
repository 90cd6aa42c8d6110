// The flooding client of scripts/bench/render-flood.mjs, in its own process so its work does not
// slow the bench's measuring client: CONNECTIONS keep-alive connections from 127.0.0.1, each asking
// for a search listing no one asked for before (a new cache key, a new render) as soon as its last
// answer came, until killed (SIGTERM), when it prints its answers by status as one JSON line.
// Usage: node render-flood-client.mjs <port> <host header> <connections>
import http from 'node:http';

const [port, host, connections] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const statuses = {};
let sequence = 0;
let running = true;

function askNext() {
  if (!running) return;
  sequence += 1;
  const path = `/produtos?text=flood${sequence.toString(36)}&page=${(sequence % 5) + 1}`;
  const request = http.get(
    { host: '127.0.0.1', port: Number(port), path, agent, headers: { host, 'accept-encoding': 'gzip, deflate, br' } },
    (answer) => {
      answer.resume();
      answer.on('end', () => {
        statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
        askNext();
      });
    },
  );
  request.on('error', () => {
    statuses.error = (statuses.error ?? 0) + 1;
    setTimeout(askNext, 10);
  });
}

for (let index = 0; index < Number(connections); index += 1) askNext();
process.on('SIGTERM', () => {
  running = false;
  process.stdout.write(`${JSON.stringify(statuses)}\n`);
  process.exit(0);
});
