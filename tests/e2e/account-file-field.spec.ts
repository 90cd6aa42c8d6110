import { expect, test } from '@playwright/test';
import { makePngFile, waitForIslands } from './support/accounts.ts';
import { storefrontUrl, type Host } from './support/hosts.ts';
import { screenshotForReview } from './support/review.ts';

/**
 * The identity-document picker at registration (issue 19): the shop's own button and file name
 * instead of the bare native control, an image previewed, a PDF shown as an icon with its name,
 * and a refused file cleared with its message at once, in the shopper's language.
 */
const TEXTS = {
  br: {
    field: 'Documento de identidade (frente)',
    none: 'Nenhum arquivo escolhido',
    choose: 'Escolher arquivo',
    refused: 'Arquivo inválido: envie PNG, JPEG, GIF ou PDF.',
    pdf: 'PDF escolhido: rg.pdf',
  },
  es: {
    field: 'Documento de identidad (frente)',
    none: 'Ningún archivo elegido',
    choose: 'Elegir archivo',
    refused: 'Archivo inválido: envía PNG, JPEG, GIF o PDF.',
    pdf: 'PDF elegido: rg.pdf',
  },
} as const;

for (const host of ['br', 'es'] as const satisfies Host[]) {
  test(`${host}: the document picker previews an image, names a PDF and refuses other files at once`, async ({ page }) => {
    const text = TEXTS[host];
    await page.goto(storefrontUrl(host, '/cadastro'));
    await waitForIslands(page);
    const input = page.getByLabel(text.field);
    const field = page.locator('.acc-field').filter({ has: input });
    await expect(field.locator('.acc-file__button')).toHaveText(text.choose);
    await expect(field.locator('.acc-file__name')).toHaveText(text.none);

    await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
    await expect(field.getByRole('alert')).toHaveText(text.refused);
    await expect(field.locator('.acc-file__name')).toHaveText(text.none);
    expect(await input.evaluate((element) => (element as HTMLInputElement).files?.length)).toBe(0);

    await input.setInputFiles({ name: 'rg.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(field.getByTestId('file-pdf').locator('span')).toHaveText(text.pdf);
    await expect(field.getByTestId('file-pdf').locator('svg')).toBeVisible();
    await expect(field.getByRole('alert')).toHaveCount(0);
    await expect(field.locator('img')).toHaveCount(0);
    await expect(field.locator('.acc-file__name')).toHaveText('rg.pdf');
    await screenshotForReview(field, `file-pdf-${host}.png`);

    await input.setInputFiles(await makePngFile('frente.png'));
    await expect(field.locator('img.acc-preview')).toBeVisible();
    await expect(field.getByTestId('file-pdf')).toHaveCount(0);
    await expect(field.locator('.acc-file__name')).toHaveText('frente.png');
    // The native control stays reachable by keyboard under the shop's face.
    await input.focus();
    await expect(input).toBeFocused();
  });
}
