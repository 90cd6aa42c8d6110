// Issue 33's benchmark: an import of 1,000 products with a ZIP of 1,000 pictures through the
// panel's route (POST /painel/catalogo/importar, then its confirm), timed from the upload to the
// last picture attached by the job queue, and the peak RSS of the shop process that took the
// upload and ran the jobs (VmHWM of /proc/<pid>/status, reset first through clear_refs when the
// kernel allows). Target: under 500 MB, the ZIP streamed to disk and read entry by entry.
// `npm run bench -- --products 0 --only import-pictures` (BENCH_PICTURES=N for another count).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import sharp from 'sharp';
import yazl from 'yazl';

const COUNT = Number(process.env.BENCH_PICTURES ?? 1000);
const COLUMNS = ['codigo', 'nome_pt', 'nome_es', 'marca', 'categoria_pt', 'preco', 'estoque', 'imagens'];

/** A photo-like 480 x 360 JPEG (a colour field with grain, about 40 KB), distinct for each i. */
function photo(i) {
  return sharp({
    create: {
      width: 480,
      height: 360,
      channels: 3,
      background: { r: i % 256, g: (i * 7) % 256, b: (i * 13) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The ZIP written to disk as its pictures are made (never whole in memory here either). */
async function writeZip(file) {
  const zip = new yazl.ZipFile();
  const done = new Promise((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject);
  });
  for (let i = 0; i < COUNT; i++) zip.addBuffer(await photo(i), `fotos/bench-pic-${i}.jpg`, { compress: false });
  zip.end();
  await done;
}

function toCsv() {
  const lines = [COLUMNS.join(';')];
  for (let i = 0; i < COUNT; i++)
    lines.push(
      [
        `PIC-${i}`,
        `Ferramenta ${i}`,
        `Herramienta ${i}`,
        `Marca ${i % 20}`,
        `Categoria ${i % 8}`,
        `${10 + (i % 90)},50`,
        String(i % 30),
        `bench-pic-${i}.jpg`,
      ].join(';'),
    );
  return `${lines.join('\r\n')}\r\n`;
}

async function readStatus(pid, field) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
}

export default async function run({ baseUrl, databaseUrl, hostHeader, serverPid }) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-pictures-'));
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    // A signed-in admin: its account and a full session written straight into the database.
    const token = randomBytes(32).toString('base64url');
    const { rows } = await db.query(
      "INSERT INTO staff (email, role, password_hash, locale) VALUES ($1, 'admin', 'x', 'pt-BR') RETURNING id",
      [`bench-${token.slice(0, 8)}@example.test`],
    );
    await db.query("INSERT INTO staff_sessions (token_hash, staff_id, stage, last_seen_at) VALUES ($1, $2, 'full', now())", [
      createHash('sha256').update(token).digest(),
      rows[0].id,
    ]);
    const cookie = `fronteira_staff=${token}`;
    const origin = new URL(baseUrl);
    const host = hostHeader('br');
    const request = (method, pathname, headers = {}, body) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: origin.hostname,
            port: origin.port,
            method,
            path: pathname,
            headers: { host, cookie, origin: `http://${host}`, ...headers },
          },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        if (body) body.pipe(req);
        else req.end();
      });
    /** The import's page until it stops refreshing itself. */
    const settle = async (pathname) => {
      for (;;) {
        const page = await request('GET', pathname);
        if (!page.headers.refresh) return page.text;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    const zipFile = path.join(folder, 'fotos.zip');
    await writeZip(zipFile);
    const csv = Buffer.from(toCsv());
    const zipSize = (await stat(zipFile)).size;
    const boundary = `bench${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="catalogo.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="fotos"; filename="fotos.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const bodyFile = path.join(folder, 'body');
    await writeFile(bodyFile, head);
    await pipeline(createReadStream(zipFile), createWriteStream(bodyFile, { flags: 'a' }));
    await writeFile(bodyFile, tail, { flag: 'a' });

    const resetPeak = await writeFile(`/proc/${serverPid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    const rssBefore = await readStatus(serverPid, 'VmRSS');
    const started = performance.now();
    const uploaded = await request(
      'POST',
      '/painel/catalogo/importar',
      { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String((await stat(bodyFile)).size) },
      createReadStream(bodyFile),
    );
    if (uploaded.status !== 303) throw new Error(`upload answered ${uploaded.status}: ${uploaded.text.slice(0, 500)}`);
    const uploadedAt = performance.now();
    const location = uploaded.headers.location;
    await settle(location);
    const checkedAt = performance.now();
    const confirmed = await request('POST', location, { 'content-type': 'application/x-www-form-urlencoded' }, null);
    if (confirmed.status !== 303) throw new Error(`confirm answered ${confirmed.status}`);
    const page = await settle(location);
    const finishedAt = performance.now();
    const { rows: counts } = await db.query(
      `SELECT count(*) FILTER (WHERE jsonb_array_length(images) > 0)::int AS with_picture, count(*)::int AS products
         FROM products WHERE code LIKE 'PIC-%'`,
    );
    const seconds = (from, to) => Number(((to - from) / 1000).toFixed(1));
    const peakMb = Math.round((await readStatus(serverPid, 'VmHWM')) / 1024);
    if (counts[0].with_picture !== COUNT)
      throw new Error(`only ${counts[0].with_picture} of ${COUNT} products got their picture: ${page.slice(-2000)}`);
    return {
      products: COUNT,
      pictures: COUNT,
      zip_mb: Number((zipSize / 1024 / 1024).toFixed(1)),
      upload_and_keep_s: seconds(started, uploadedAt),
      dry_run_s: seconds(uploadedAt, checkedAt),
      write_and_pictures_s: seconds(checkedAt, finishedAt),
      total_s: seconds(started, finishedAt),
      server_rss_before_mb: Math.round(rssBefore / 1024),
      server_peak_rss_mb: peakMb,
      peak_reset_before_upload: resetPeak,
      products_with_picture: counts[0].with_picture,
      targets: { rss_under_500_mb: peakMb < 500 },
    };
  } finally {
    await db.end();
    await rm(folder, { recursive: true, force: true });
  }
}
