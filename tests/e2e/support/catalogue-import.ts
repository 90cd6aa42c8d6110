import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import type pg from 'pg';
import sharp from 'sharp';
import yazl from 'yazl';
import { screenshotForReview } from './review.ts';

/** The import page's words in the staff member's language (the panel's, not the host's). */
const TEXTS = {
  'es-PY': {
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
  'pt-BR': {
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

/**
 * Issue 33 points 5 and 6 in the browser: on the import page (`importUrl`), a file with two bad
 * rows and a ZIP of its pictures (plus one that matches nothing); the dry run shows the pictures
 * waiting and the choice; the valid rows are written with their pictures, and the rejects
 * downloaded with their reason. Returns the codes of the two products written.
 */
export async function importFileWithPictures(
  panel: Page,
  { importUrl, picturesUrl, lang, db }: { importUrl: string; picturesUrl: string; lang: keyof typeof TEXTS; db: pg.Pool },
): Promise<string[]> {
  const t = TEXTS[lang];
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

  await panel.goto(importUrl);
  await panel.getByLabel(t.file).setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await panel.getByLabel(t.pictures).setInputFiles({ name: 'fotos.zip', mimeType: 'application/zip', buffer: zip });
  await panel.getByRole('button', { name: t.check }).click();

  // the dry run: two rows rejected, the pictures waiting for the rows, the two ways on
  await expect(panel.getByTestId('picture-batch-status')).toHaveText(t.waiting, { timeout: 20_000 });
  await expect(panel.locator('[data-count="rejected"]')).toHaveText('2');
  await screenshotForReview(panel, `import-pictures-checked-${lang}.png`, { fullPage: true });

  await panel.getByRole('button', { name: t.writeValid }).click();
  await expect(panel.getByTestId('picture-batch-status')).toHaveText(t.done, { timeout: 30_000 });
  await expect(panel.getByTestId('picture-batch-problems')).toContainText('sobra.jpg');
  await screenshotForReview(panel, `import-pictures-written-${lang}.png`, { fullPage: true });
  const { rows } = await db.query<{ code: string; pictures: number }>(
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

  // the bulk upload by product code sits on the product pictures page
  await panel.goto(picturesUrl);
  await expect(panel.getByRole('button', { name: t.bulkSend })).toBeVisible();
  return rows.map((row) => row.code);
}
