import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import yazl from 'yazl';
import { getTestDb, storefrontUrl, type Host } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';

// Issue 33.5-33.6 in the browser: a file with two bad rows and a ZIP of its pictures; the dry run
// shows the pictures waiting and the choice; the valid rows are written, the pictures attached,
// and the rejects downloaded. The phone runs it in Spanish, the desktop in Portuguese.
const TEXTS = {
  es: {
    file: /Archivo \(CSV o JSON/,
    pictures: /Fotos \(opcional\)/,
    check: 'Revisar el archivo',
    waiting: '3 fotos recibidas: se vinculan a los productos cuando se graben las filas.',
    writeValid: 'Grabar solo las 2 filas válidas',
    done: 'Fotos procesadas: 2 vinculadas a productos, 0 rechazadas, 1 sin producto.',
    rejects: 'Descargar las filas rechazadas (CSV, con el motivo)',
    reason: 'preco: valor no válido',
    bulkSend: 'Enviar las fotos',
  },
  br: {
    file: /Arquivo \(CSV ou JSON/,
    pictures: /Fotos \(opcional\)/,
    check: 'Conferir o arquivo',
    waiting: '3 fotos recebidas: são ligadas aos produtos quando as linhas forem gravadas.',
    writeValid: 'Gravar só as 2 linhas válidas',
    done: 'Fotos processadas: 2 ligadas aos produtos, 0 recusadas, 1 sem produto.',
    rejects: 'Baixar as linhas recusadas (CSV, com o motivo)',
    reason: 'preco: valor inválido',
    bulkSend: 'Enviar as fotos',
  },
} as const;

const picture = (shade: number) =>
  sharp({ create: { width: 96, height: 96, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
    .jpeg()
    .toBuffer();

async function zipOf(entries: [string, Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('an admin imports a file with a ZIP of pictures, writes the valid rows and downloads the rejects', async ({ browser }, info) => {
  const host: Host = info.project.name === 'mobile' ? 'es' : 'br';
  const t = TEXTS[host];
  const prefix = `PIC${randomBytes(3).toString('hex').toUpperCase()}`;
  const csv = [
    'codigo;nome_pt;nome_es;marca;categoria_pt;preco;estoque;imagens',
    `${prefix}-1;Trena ${prefix};Cinta ${prefix};Stanley;Medição;19,90;4;${prefix}-1.jpg`,
    `${prefix}-2;Nível ${prefix};Nivel ${prefix};Stanley;Medição;29,90;2;${prefix}-2.jpg`,
    `${prefix}-3;Esquadro;Escuadra;Stanley;Medição;doze;1;`,
    `${prefix}-4;Prumo;Plomada;Stanley;Medição;9,90;x;`,
  ].join('\r\n');
  const zip = await zipOf([
    [`${prefix}-1.jpg`, await picture(30)],
    [`${prefix}-2.jpg`, await picture(160)],
    ['sobra.jpg', await picture(220)],
  ]);

  const staff = await openStaffContext(browser, host, 'admin', host === 'es' ? 'es-PY' : 'pt-BR');
  const panel = await staff.newPage();
  await panel.goto(storefrontUrl(host, '/painel/catalogo/importar'));
  await panel.getByLabel(t.file).setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await panel.getByLabel(t.pictures).setInputFiles({ name: 'fotos.zip', mimeType: 'application/zip', buffer: zip });
  await panel.getByRole('button', { name: t.check }).click();

  // the dry run: two rows rejected, the pictures waiting for the rows, the two ways on
  await expect(panel.getByTestId('picture-batch-status')).toHaveText(t.waiting, { timeout: 20_000 });
  await expect(panel.locator('[data-count="rejected"]')).toHaveText('2');
  await panel.screenshot({ path: info.outputPath(`import-pictures-checked-${host}.png`), fullPage: true });

  await panel.getByRole('button', { name: t.writeValid }).click();
  await expect(panel.getByTestId('picture-batch-status')).toHaveText(t.done, { timeout: 30_000 });
  await expect(panel.getByTestId('picture-batch-problems')).toContainText('sobra.jpg');
  await panel.screenshot({ path: info.outputPath(`import-pictures-written-${host}.png`), fullPage: true });
  const { rows } = await getTestDb().query<{ code: string; pictures: number }>(
    'SELECT code, jsonb_array_length(images)::int AS pictures FROM products WHERE code LIKE $1 ORDER BY code',
    [`${prefix}-%`],
  );
  expect(rows).toEqual([
    { code: `${prefix}-1`, pictures: 1 },
    { code: `${prefix}-2`, pictures: 1 },
  ]);

  const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByRole('link', { name: t.rejects }).click()]);
  const rejects = await readFile(await download.path(), 'utf8');
  expect(rejects).toContain('codigo;nome_pt;nome_es;marca;categoria_pt;preco;estoque;imagens;motivo');
  expect(rejects).toContain(`${prefix}-3;Esquadro;Escuadra;Stanley;Medição;doze;1;;${t.reason}`);
  expect(rejects).toContain(`${prefix}-4;`);

  // the bulk upload sits on the product pictures page
  await panel.goto(storefrontUrl(host, '/painel/catalogo/fotos'));
  await expect(panel.getByRole('button', { name: t.bulkSend })).toBeVisible();
  await panel.screenshot({ path: info.outputPath(`pictures-bulk-form-${host}.png`), fullPage: true });
  await staff.close();
});
