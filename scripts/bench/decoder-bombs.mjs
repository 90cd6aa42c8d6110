// Decoder budgets (issue 29, point 5): every kind of decompression bomb of tests/support/bombs.ts
// (PDF filters chained and nested, object streams, many streams, RunLength, ASCII85, PNG and GIF
// pixel bombs) sent twice over, all at once, as the identity document of an anonymous
// registration. Figures: how many were refused, the time the burst took and the shop's RSS
// before and after (target: under 400 MB after).
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { gifPixelBomb, pdfBombs, pngPixelBomb } from '#tests/support/bombs.ts';

const toMb = (bytes) => Math.round(bytes / 1024 / 1024);

async function readRss(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/** POSTs the form as a browser would, with the storefront's Host and Origin; resolves the status. */
async function post(port, host, form) {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/ecom/cliente/cadastrar',
        headers: { host, origin: `http://${host}`, 'content-type': encoded.headers.get('content-type'), 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export default async function run({ port, hostHeader, serverPid }) {
  const bombs = [
    ...Object.values(pdfBombs()).map((bytes) => ['application/pdf', bytes]),
    ['image/png', pngPixelBomb(20_000, 20_000)],
    ['image/gif', gifPixelBomb()],
  ];
  const burst = [...bombs, ...bombs];
  const before = serverPid ? await readRss(serverPid) : 0;
  const started = performance.now();
  const statuses = await Promise.all(
    burst.map(([type, bytes], index) => {
      const form = new FormData();
      form.set('email', `bomb-${Date.now()}-${index}@example.test`);
      form.set('frente', new Blob([bytes], { type }), type === 'application/pdf' ? 'frente.pdf' : 'frente.png');
      return post(port, hostHeader('br'), form);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = serverPid ? await readRss(serverPid) : 0;
  return {
    figures: {
      bombs: burst.length,
      refused422: statuses.filter((status) => status === 422).length,
      burstSeconds: Number(seconds.toFixed(1)),
      rssBeforeMb: toMb(before),
      rssAfterMb: toMb(after),
    },
  };
}
