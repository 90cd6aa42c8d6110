// Issue 33, points 5 and 6, from an empty database (SEED=0): the panel import takes a ZIP of
// pictures with the file and attaches them by the `imagens` names through the job queue; a file
// with bad rows writes its valid ones and gives its rejects back as a CSV that imports once fixed;
// formulas and HTML are warned about; hostile ZIPs are refused whole and keep nothing; the bulk
// upload of the pictures page matches files to products by the code in their names.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { api, getHostHeader, getTestDb, useOwnStack } from '../support/api.ts';
import { createSignedInStaff } from '../support/staff.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let cookie: string;
beforeAll(async () => {
  stack = await startTestStack({ SEED: '0' });
  useOwnStack(stack);
  cookie = (await createSignedInStaff('admin')).cookie;
}, 90_000);
afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

/** The page's own origin (the form posts there); read once the own stack is up. */
const origin = () => ({ origin: `http://${getHostHeader('es')}` });
const COLUMNS = ['codigo', 'nome_pt', 'nome_es', 'descritivo_pt', 'marca', 'categoria_pt', 'preco', 'estoque', 'imagens'];

/** A distinct 64 px JPEG per shade (its content hash names its stored address). */
const picture = (shade: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 255 - shade, b: 90 } } })
    .jpeg()
    .toBuffer();
const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 20);

function toZip(entries: [name: string, bytes: Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const toCsv = (rows: string[][]) =>
  `${[COLUMNS, ...rows].map((row) => row.map((cell) => (/[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(';')).join('\n')}\n`;

async function postImport(csv: string, pictures: [name: string, bytes: Buffer][] = []): Promise<Response> {
  const form = new FormData();
  form.append('arquivo', new Blob([csv], { type: 'text/csv' }), 'catalogo.csv');
  for (const [name, bytes] of pictures) form.append('fotos', new Blob([new Uint8Array(bytes)]), name);
  return api('/painel/catalogo/importar', { method: 'POST', host: 'es', body: form, headers: { ...origin(), cookie } });
}

/** A panel page once it stops refreshing itself (the import ran, and its pictures when queued). */
async function settled(path: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await api(path, { host: 'es', headers: { cookie } });
    const page = await response.text();
    if (!response.headers.get('refresh')) return page;
    if (Date.now() > deadline) throw new Error(`still running: ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const countOf = (page: string, key: string) => Number(page.match(new RegExp(`data-count="${key}">(\\d+)<`))?.[1]);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

async function imagesOf(code: string): Promise<string[]> {
  const { rows } = await getTestDb().query<{ images: { url: string }[] }>('SELECT images FROM products WHERE code = $1', [code]);
  return (rows[0]?.images ?? []).map((image) => image.url);
}
const countRows = async (table: string) => Number((await getTestDb().query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

describe('pictures in bulk and partial imports, on an empty store', () => {
  it('writes the valid rows with their pictures, warns on formulas and HTML, and the rejects CSV imports once fixed', async () => {
    const shots = await Promise.all([10, 40, 70, 100, 130].map(picture));
    const rows = [
      ['DZ-1', 'Furadeira', 'Taladro', 'Para alvenaria', 'Bosch', 'Ferramentas', '89,90', '5', 'dz-1-b.jpg | DZ-1-A.JPG'],
      ['DZ-2', '=HIPERLINK("http://x")', 'Amoladora', '<b>forte</b>', 'Makita', 'Ferramentas', '120', '3', 'dz-2.jpg'],
      ['DZ-3', 'Serra', 'Sierra', '', 'Makita', 'Ferramentas', 'doze', '1', 'dz-3.jpg'],
      ['DZ-4', 'Lixa', 'Lija', '', 'Makita', 'Ferramentas', '5', '-2', ''],
      ['DZ-5', 'Martelo', 'Martillo', '', 'Tramontina', 'Ferramentas', '15', '9', 'dz-5.jpg'],
    ];
    const zip = await toZip([
      ['fotos/DZ-1-A.jpg', shots[0] as Buffer],
      ['fotos/dz-1-b.jpg', shots[1] as Buffer],
      ['dz-2.jpg', shots[2] as Buffer],
      ['dz-5.jpg', shots[3] as Buffer],
      ['sobra.jpg', shots[4] as Buffer],
      ['leia-me.txt', Buffer.from('não é uma foto')],
    ]);
    const uploaded = await postImport(toCsv(rows), [['fotos.zip', zip]]);
    expect(uploaded.status).toBe(303);
    const location = uploaded.headers.get('location') ?? '';

    // the dry run: two rows rejected, one warned, nothing written; the pictures wait for the rows
    const checked = await settled(location);
    expect([countOf(checked, 'created'), countOf(checked, 'rejected'), countOf(checked, 'warned')]).toEqual([3, 2, 1]);
    expect(text(checked)).toContain('nome_pt: empieza con = + - o @');
    expect(text(checked)).toContain('descritivo_pt: contiene HTML');
    expect(text(checked)).toContain('6 fotos recibidas: se vinculan a los productos cuando se graben las filas.');
    expect(checked).toContain('data-testid="import-write-valid"');
    expect(await countRows('products')).toBe(0);

    // the rejects, in the file's layout plus a reason in Spanish, formulas neutralised
    const rejects = await api(`${location}/recusadas.csv`, { host: 'es', headers: { cookie } });
    expect(rejects.status).toBe(200);
    const rejectsText = (await rejects.text()).replace(/^\uFEFF/, '');
    const [header, ...rejected] = rejectsText.trim().split('\r\n');
    expect(header).toBe(`${COLUMNS.join(';')};motivo`);
    expect(rejected).toEqual([
      'DZ-3;Serra;Sierra;;Makita;Ferramentas;doze;1;dz-3.jpg;preco: valor no válido',
      "DZ-4;Lixa;Lija;;Makita;Ferramentas;5;'-2;;estoque: no puede ser negativo",
    ]);

    // the valid rows written, then their pictures attached in the order of `imagens`
    const written = await api(location, {
      method: 'POST',
      host: 'es',
      body: new URLSearchParams({ parcial: '1' }),
      headers: { ...origin(), cookie },
    });
    expect(written.status).toBe(303);
    const done = await settled(location);
    expect(text(done)).toContain('Filas válidas grabadas. Las 2 filas rechazadas no se grabaron');
    expect(text(done)).toContain('Fotos procesadas: 4 vinculadas a productos, 1 rechazadas, 1 sin producto.');
    expect(text(done)).toMatch(/sobra\.jpg ninguna fila grabada nombra este archivo/);
    expect(text(done)).toMatch(/leia-me\.txt Este archivo no es una imagen/);
    expect((await getTestDb().query('SELECT code FROM products ORDER BY code')).rows.map((row) => row.code)).toEqual([
      'DZ-1',
      'DZ-2',
      'DZ-5',
    ]);
    const dz1 = await imagesOf('DZ-1');
    expect(dz1.map((url) => url.match(/\/img\/f\/([0-9a-f]{20})-/)?.[1])).toEqual([hashOf(shots[1] as Buffer), hashOf(shots[0] as Buffer)]);
    expect(await imagesOf('DZ-5')).toHaveLength(1);
    expect((await api(dz1[0] as string, { host: 'es' })).headers.get('content-type')).toBe('image/webp');

    // the rejects file, fixed, imports on its own (its reason column is ignored)
    const fixed = rejectsText.replace('doze', '12').replace("'-2", '2');
    const again = await postImport(fixed);
    expect(again.status).toBe(303);
    const againLocation = again.headers.get('location') ?? '';
    const recheck = await settled(againLocation);
    expect([countOf(recheck, 'created'), countOf(recheck, 'rejected')]).toEqual([2, 0]);
    await api(againLocation, { method: 'POST', host: 'es', body: new URLSearchParams(), headers: { ...origin(), cookie } });
    await settled(againLocation);
    expect(await countRows('products')).toBe(5);
  });

  it('refuses hostile ZIPs whole with a message and keeps nothing', async () => {
    const csv = toCsv([['DZ-9', 'Trena', 'Cinta', '', 'Stanley', 'Ferramentas', '10', '1', 'dz-9.jpg']]);
    const good = await toZip([['xx/dz-9.jpg', await picture(200)]]);
    // the same archive with its entry renamed to climb out of the folder (same length, both headers)
    const traversal = Buffer.from(good.toString('latin1').replaceAll('xx/dz-9.jpg', '../dz-9.jpg'), 'latin1');
    const bomb = await toZip([['dz-9.jpg', Buffer.alloc(30 * 1024 * 1024)]]);
    const cases: [name: string, bytes: Buffer, status: number, message: string][] = [
      ['fotos.zip', Buffer.from('isto não é um zip'), 422, 'El archivo fotos.zip no es un ZIP ni una imagen'],
      ['fotos.zip', good.subarray(0, good.length - 30), 422, 'El ZIP fotos.zip está dañado'],
      ['fotos.zip', traversal, 422, 'El ZIP fotos.zip tiene una ruta insegura (../dz-9.jpg)'],
      ['bomba.zip', bomb, 413, 'El archivo dz-9.jpg del ZIP bomba.zip descomprimido supera los 10 MB.'],
    ];
    const before = await Promise.all(['catalogue_imports', 'picture_batches', 'picture_batch_files'].map(countRows));
    for (const [name, bytes, status, message] of cases) {
      const response = await postImport(csv, [[name, bytes]]);
      const page = await response.text();
      expect([name, response.status]).toEqual([name, status]);
      expect(text(page)).toContain(message);
    }
    expect(await Promise.all(['catalogue_imports', 'picture_batches', 'picture_batch_files'].map(countRows))).toEqual(before);
  });

  it('the bulk upload of the pictures page matches files to products by the code in their names', async () => {
    const form = new FormData();
    form.append('fotos', new Blob([new Uint8Array(await picture(220))]), 'dz-5_costas.jpg');
    form.append('fotos', new Blob([new Uint8Array(await picture(230))]), 'NADA-999.jpg');
    const response = await api('/painel/catalogo/fotos', { method: 'POST', host: 'es', body: form, headers: { ...origin(), cookie } });
    expect(response.status).toBe(303);
    const page = text(await settled(response.headers.get('location') ?? ''));
    expect(page).toContain('Fotos procesadas: 1 vinculadas a productos, 0 rechazadas, 1 sin producto.');
    expect(page).toMatch(/NADA-999\.jpg ningún producto tiene el código del nombre del archivo/);
    expect(await imagesOf('DZ-5')).toHaveLength(2);
  });
});
