import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';
import { screenshotForReview } from './support/review.ts';

/** Three products of a code prefix of this run, `;`-separated with decimal commas as Excel saves them. */
function catalogueCsv(prefix: string): string {
  const header = 'codigo;nome_pt;nome_es;marca;categoria_pt;categoria_es;preco;moeda;estoque;especificacoes_pt;especificacoes_es';
  const rows = [1, 2, 3].map(
    (n) =>
      `${prefix}-${n};Serra copo ${prefix} ${n};Sierra copa ${prefix} ${n};Marca ${prefix};Serras ${prefix};Sierras ${prefix};${n}9,90;USD;${n};Diâmetro: ${n}0 mm;Diámetro: ${n}0 mm`,
  );
  return `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
}

test('an admin checks a catalogue file, confirms it, and the products are on the storefront @desktop', async ({ browser }) => {
  const prefix = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
  const staff = await openStaffContext(browser, 'es', 'admin', 'es-PY');
  const panel = await staff.newPage();
  await panel.goto(storefrontUrl('es', '/painel/catalogo/importar'));
  await expect(panel.getByRole('link', { name: 'Descargar la plantilla (CSV)' })).toBeVisible();
  await panel
    .getByLabel(/Archivo \(CSV o JSON/)
    .setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogueCsv(prefix)) });
  await panel.getByRole('button', { name: 'Revisar el archivo' }).click();

  await expect(panel.getByTestId('import-outcome')).toHaveText('Revisión terminada: todavía no se grabó nada.', { timeout: 20_000 });
  await expect(panel.locator('[data-count="created"]')).toHaveText('3');
  await expect(panel.getByText(`Marcas nuevas: Marca ${prefix}`)).toBeVisible();
  await screenshotForReview(panel, 'import-dry-run.png', { fullPage: true });
  const stored = () =>
    getTestDb()
      .query('SELECT code FROM products WHERE code LIKE $1', [`${prefix}-%`])
      .then((result) => result.rowCount);
  expect(await stored()).toBe(0);

  await panel.getByRole('button', { name: 'Confirmar y grabar' }).click();
  await expect(panel.getByTestId('import-outcome')).toHaveText('Importación terminada.', { timeout: 20_000 });
  await expect(panel.locator('[data-count="created"]')).toHaveText('3');
  await expect(panel.getByRole('button', { name: 'Confirmar y grabar' })).toHaveCount(0);
  await screenshotForReview(panel, 'import-written.png', { fullPage: true });

  expect(await stored()).toBe(3);
  const product = await staff.newPage();
  await product.goto(storefrontUrl('es', `/produto/serra-copo-${prefix.toLowerCase()}-2-${prefix.toLowerCase()}-2`));
  await expect(product.getByRole('heading', { level: 1 })).toHaveText(`Sierra copa ${prefix} 2`);
  await expect(product.getByText('Diámetro')).toBeVisible();
  await staff.close();
});
