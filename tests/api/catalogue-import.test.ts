import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api, getHostHeader, getTestDb } from '../support/api.ts';
import { createSignedInStaff } from '../support/staff.ts';

// Generated here, never committed: 2,000 products of a code prefix of this run, 5 of them bad.
const newPrefix = () => `IMP${randomUUID().slice(0, 6).toUpperCase()}`;
const COLUMNS = [
  'codigo',
  'nome_pt',
  'nome_es',
  'descricao_pt',
  'marca',
  'categoria_pt',
  'departamento_pt',
  'preco',
  'moeda',
  'estoque',
  'mostrar_preco',
  'especificacoes_pt',
  'especificacoes_es',
];
/** Index of the bad row -> what is wrong with it; its line in the file is index + 2 (line 1 is the header). */
const BAD: Record<number, (row: string[], prefix: string) => void> = {
  7: (row) => {
    row[1] = '';
  },
  401: (row) => {
    row[7] = 'doze';
  },
  999: (row) => {
    row[9] = '-3';
  },
  1500: (row, prefix) => {
    row[0] = `${prefix}-0003`;
  },
  1998: (row) => {
    row[7] = '10.505';
  },
};

function generateRows(prefix: string, decimalComma = false): string[][] {
  return Array.from({ length: 2000 }, (_, index) => {
    const cents = 100_000 + index * 3701;
    const price = `${Math.floor(cents / 100)}${decimalComma ? ',' : '.'}${String(cents % 100).padStart(2, '0')}`;
    const grouped = decimalComma && index % 3 === 0 ? price.replace(/^(\d+)(\d{3}),/, '$1.$2,') : price;
    const row = [
      `${prefix}-${String(index).padStart(4, '0')}`,
      `Chave de teste ${index}`,
      `Llave de prueba ${index}`,
      `<p>Aço <b>${index}</b><script>alert(1)</script></p>`,
      `Marca ${prefix} ${index % 4}`,
      `Categoria ${prefix}`,
      `Departamento ${index % 3}`,
      grouped,
      'USD',
      String(index % 50),
      index % 10 === 0 ? 'não' : 'sim',
      `Tamanho: ${index} mm | Peso: 1 kg`,
      `Tamaño: ${index} mm | Peso: 1 kg`,
    ];
    BAD[index]?.(row, prefix);
    return row;
  });
}

function toCsvText(rows: string[][], separator: ',' | ';', bom = false): string {
  const cell = (value: string) => (/[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${bom ? '\uFEFF' : ''}${[COLUMNS, ...rows].map((row) => row.map(cell).join(separator)).join('\r\n')}\r\n`;
}

const origin = { origin: `http://${getHostHeader('es')}` };

async function upload(cookie: string, name: string, content: string): Promise<Response> {
  const form = new FormData();
  form.append('arquivo', new Blob([content], { type: 'text/csv' }), name);
  return api('/painel/catalogo/importar', { method: 'POST', host: 'es', body: form, headers: { ...origin, cookie } });
}

/**
 * The import's page once it has stopped running (it refreshes itself while it runs). The job's row
 * is polled, not the page: a panel page rendered every 150 ms took CPU from the import it waited on.
 * The page shows its progress line exactly while the row is checking or writing.
 */
async function waitForJob(cookie: string, location: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  const id = location.split('/').at(-1);
  for (;;) {
    const { rows } = await getTestDb().query<{ status: string }>('SELECT status FROM catalogue_imports WHERE id = $1', [id]);
    if (!['checking', 'writing'].includes(rows[0]?.status ?? '')) break;
    if (Date.now() > deadline) throw new Error(`import still running: ${location}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const page = await (await api(location, { host: 'es', headers: { cookie } })).text();
  expect(page).not.toContain('data-testid="import-progress"');
  return page;
}

const countOf = (page: string, key: string) => Number(page.match(new RegExp(`data-count="${key}">(\\d+)<`))?.[1]);
const rejectedLines = (page: string) => [...page.matchAll(/<tr><td data-label="Fila">(\d+)<\/td>/g)].map((match) => Number(match[1]));

async function storedProducts(
  prefix: string,
): Promise<{ code: string; price_minor: number; stock: number; updated_at: Date; description_pt: string }[]> {
  const { rows } = await getTestDb().query(
    'SELECT code, price_minor::int AS price_minor, stock, updated_at, description_pt FROM products WHERE code LIKE $1 ORDER BY code',
    [`${prefix}-%`],
  );
  return rows;
}

async function uploadAndCheck(cookie: string, content: string): Promise<{ page: string; location: string }> {
  const response = await upload(cookie, 'catalogo.csv', content);
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location).toMatch(/^\/painel\/catalogo\/importar\/[0-9a-f-]{36}$/);
  return { page: await waitForJob(cookie, location), location };
}

async function confirm(cookie: string, location: string): Promise<string> {
  const response = await api(location, { method: 'POST', host: 'es', body: new URLSearchParams(), headers: { ...origin, cookie } });
  expect(response.status).toBe(303);
  return waitForJob(cookie, location);
}

function runImportCommand(file: string, ...extra: string[]): Promise<{ code: number; output: string }> {
  const databaseUrl = String(getTestDb().options.connectionString);
  const child = spawn(process.execPath, ['scripts/import.mjs', file, '--lang', 'es-PY', ...extra], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, output })));
}

describe('catalogue import', () => {
  it('reports exactly the 5 bad rows of 2,000 with their lines, writes nothing on the dry run nor while they are there', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const prefix = newPrefix();
    const { page, location } = await uploadAndCheck(cookie, toCsvText(generateRows(prefix), ','));
    expect(countOf(page, 'rejected')).toBe(5);
    expect(countOf(page, 'created')).toBe(1995);
    expect(rejectedLines(page)).toEqual([9, 403, 1001, 1502, 2000]);
    expect(page).toContain('nome_pt: obligatorio');
    expect(page).toContain('preco: demasiados decimales para la moneda');
    expect(page).toContain('codigo: código repetido en el archivo');
    expect(page).not.toContain('data-testid="import-confirm"');
    // A confirm sent anyway (a crafted form) is refused: a file with rejected rows never writes.
    const forced = await api(location, { method: 'POST', host: 'es', body: new URLSearchParams(), headers: { ...origin, cookie } });
    expect(forced.status).toBe(409);
    expect(await storedProducts(prefix)).toEqual([]);
  });

  it('creates 1,995 products, a second run changes nothing, and a ;-separated BOM file with decimal commas is the same data', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const prefix = newPrefix();
    const good = generateRows(prefix).filter((_, index) => !(index in BAD));
    const first = await uploadAndCheck(cookie, toCsvText(good, ','));
    expect(countOf(first.page, 'created')).toBe(1995);
    expect(await storedProducts(prefix)).toEqual([]);
    const written = await confirm(cookie, first.location);
    expect(written).toContain('data-testid="import-outcome"');
    expect(countOf(written, 'created')).toBe(1995);
    const stored = await storedProducts(prefix);
    expect(stored).toHaveLength(1995);
    expect(stored[0]).toMatchObject({ code: `${prefix}-0000`, price_minor: 100_000, stock: 0 });
    expect(stored[0]?.description_pt).toBe('<p>Aço <b>0</b></p>');
    const audit = await getTestDb().query('SELECT count(*)::int AS n FROM audit_log WHERE staff_id = $1 AND action = $2', [
      staff.id,
      'catalogue.import',
    ]);
    expect(audit.rows[0].n).toBe(2);

    const again = await uploadAndCheck(cookie, toCsvText(good, ','));
    expect([countOf(again.page, 'created'), countOf(again.page, 'changed'), countOf(again.page, 'unchanged')]).toEqual([0, 0, 1995]);
    const rewritten = await confirm(cookie, again.location);
    expect(countOf(rewritten, 'unchanged')).toBe(1995);
    expect(await storedProducts(prefix)).toEqual(stored);

    const folder = await mkdtemp(path.join(tmpdir(), 'import-'));
    const semicolon = path.join(folder, 'catalogo-excel.csv');
    await writeFile(
      semicolon,
      toCsvText(
        generateRows(prefix, true).filter((_, index) => !(index in BAD)),
        ';',
        true,
      ),
    );
    const run = await runImportCommand(semicolon);
    expect(run.output).toContain('Nuevos: 0 · Modificados: 0 · Sin cambios: 1995 · Rechazados: 0');
    expect(run.code).toBe(0);
    expect(await storedProducts(prefix)).toEqual(stored);
    // Three imports of 1,995 rows each (parse, check, write) beside the suite's other workers on
    // 2 cores: a budget for the work, not a deadline for a race.
  }, 120_000);

  it('names what changes, old and new, before writing it', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const rows = generateRows(newPrefix()).slice(0, 3);
    const created = await uploadAndCheck(cookie, toCsvText(rows, ','));
    await confirm(cookie, created.location);
    rows[1]![7] = '99.90';
    rows[1]![9] = '7';
    const { page } = await uploadAndCheck(cookie, toCsvText(rows, ','));
    expect([countOf(page, 'changed'), countOf(page, 'unchanged')]).toEqual([1, 2]);
    expect(page).toMatch(/<td data-label="Campo">preco<\/td>\s*<td data-label="Antes">1037\.01<\/td><td data-label="Después">99\.90<\/td>/);
    expect(page).toMatch(/<td data-label="Campo">estoque<\/td>\s*<td data-label="Antes">1<\/td><td data-label="Después">7<\/td>/);
  });

  it('refuses a file that is not text, and a counter user', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const prefix = newPrefix();
    const zip = await upload(cookie, 'planilha.csv', 'PK\u0003\u0004\u0014\u0000\u0006\u0000\u0008\u0000\u0000\u0000!\u0000');
    expect(zip.status).toBe(415);
    expect(await zip.text()).toContain('no es texto UTF-8');
    const missing = await upload(cookie, 'x.csv', 'codigo,nome\r\nA,B\r\n');
    expect(missing.status).toBe(303);
    expect(await waitForJob(cookie, missing.headers.get('location') ?? '')).toContain(
      'Faltan columnas obligatorias: nome_pt, nome_es, marca, categoria_pt, preco, estoque.',
    );

    const counter = await createSignedInStaff('counter');
    expect((await upload(counter.cookie, 'catalogo.csv', toCsvText(generateRows(prefix).slice(0, 2), ','))).status).toBe(403);
    expect((await api('/painel/catalogo/importar', { host: 'es', headers: { cookie: counter.cookie } })).status).toBe(403);
    expect((await api('/painel/catalogo/importar/modelo.csv', { host: 'es', headers: { cookie: counter.cookie } })).status).toBe(403);
    expect(await storedProducts(prefix)).toEqual([]);
  });

  it('the terminal lists every rejected row, past the 500 the summary keeps, and writes nothing', async () => {
    const prefix = newPrefix();
    // 620 rows, every other one with a bad stock; then the same 620 again (the good ones now repeat a code).
    const rows = generateRows(prefix)
      .filter((_, index) => !(index in BAD))
      .slice(0, 620)
      .map((row, index) => (index % 2 === 0 ? row.map((cell, column) => (column === 9 ? '-1' : cell)) : row));
    const repeated = rows.map((row) => [...row]);
    const folder = await mkdtemp(path.join(tmpdir(), 'import-rejected-'));
    const file = path.join(folder, 'catalogo.csv');
    await writeFile(file, toCsvText([...rows, ...repeated], ','));
    const run = await runImportCommand(file);
    expect(run.code).toBe(1);
    // 310 bad stocks, then the second copy: 310 bad stocks again and 310 repeated codes.
    expect(run.output).toContain('Nuevos: 310 · Modificados: 0 · Sin cambios: 0 · Rechazados: 930');
    const listed = [...run.output.matchAll(/^ {2}Fila (\d+) \(/gm)].map((match) => Number(match[1]));
    const expected = [...rows, ...repeated].flatMap((_, index) => (index < 620 && index % 2 === 1 ? [] : [index + 2]));
    expect(listed).toEqual(expected);
    expect(run.output).toContain(`Fila 623 (${prefix}-0001): codigo: código repetido en el archivo`);
    expect(await storedProducts(prefix)).toEqual([]);
  });

  it('hands the pictures of --images to the picture pipeline, once, and names the missing and refused ones', async () => {
    const prefix = newPrefix();
    const folder = await mkdtemp(path.join(tmpdir(), 'import-images-'));
    const photo = (red: number) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: { r: red, g: 90, b: 40 } } })
        .png()
        .toBuffer();
    await writeFile(path.join(folder, 'a.png'), await photo(200));
    await writeFile(path.join(folder, 'b.png'), await photo(20));
    await writeFile(path.join(folder, 'not-a-picture.png'), 'just text');
    const columns = ['codigo', 'nome_pt', 'nome_es', 'marca', 'categoria_pt', 'preco', 'moeda', 'estoque', 'imagens'];
    const row = (n: number, images: string) => [
      `${prefix}-${n}`,
      `Serra ${n}`,
      `Sierra ${n}`,
      `Marca ${prefix}`,
      `Categoria ${prefix}`,
      '10.00',
      'USD',
      '3',
      images,
    ];
    const file = path.join(folder, 'products.csv');
    await writeFile(
      file,
      [columns, row(1, 'a.png|b.png'), row(2, 'b.png|missing.png|not-a-picture.png')].map((r) => r.join(',')).join('\n'),
    );
    const images = async () => {
      const { rows } = await getTestDb().query<{ code: string; images: { url: string }[] }>(
        'SELECT code, images FROM products WHERE code LIKE $1 ORDER BY code',
        [`${prefix}-%`],
      );
      return rows.map((r) => r.images.map((image) => image.url));
    };

    const first = await runImportCommand(file, '--images', folder);
    expect(first.code).toBe(0);
    expect(first.output).toContain('missing.png');
    expect(first.output).toContain('not-a-picture.png');
    const stored = await images();
    expect(stored.map((urls) => urls.length)).toEqual([2, 1]);
    expect(stored.flat().every((url) => /^\/img\/f\/[0-9a-f]+/.test(String(url)))).toBe(true);
    // b.png is one stored picture, shared by both products.
    expect(stored[0]![1]).toBe(stored[1]![0]);
    const served = await api(`${stored[0]![0]!.replace(/-\d+\.webp$/, '')}-160.webp`);
    expect(served.headers.get('content-type')).toBe('image/webp');

    const again = await runImportCommand(file, '--images', folder);
    expect(again.code).toBe(0);
    expect(await images()).toEqual(stored);
  });
});
