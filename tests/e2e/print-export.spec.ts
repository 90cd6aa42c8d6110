import { expect, test } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { rawGet } from './support/raw-http.ts';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';

let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 28, outOfStock: 2 });
  await getTestDb().query('UPDATE products SET show_price = false WHERE id = $1', [fx.products[5]!.id]);
});

test('grid print view: A4 pages of 5 columns, 20 in-stock items first then 25', async ({ page }) => {
  await page.goto(storefrontUrl('br', `/imprimir?formato=grade&de=${encodeURIComponent(`/produtos/${fx.categorySlug}`)}`));
  const pages = page.locator('[data-print-page]');
  await expect(pages).toHaveCount(2);
  await expect(pages.nth(0).locator('.print-card')).toHaveCount(20);
  await expect(pages.nth(1).locator('.print-card')).toHaveCount(6);
  const columns = await pages.first().evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(5);
  await expect(page.locator('body')).not.toContainText(fx.products[27]!.code); // out of stock
});

test('list print view from the listing select, keeping the listing filters', { tag: '@desktop' }, async ({ page }) => {
  await page.goto(storefrontUrl('es', `/produtos/${fx.categorySlug}/${fx.departments.a.slug}`));
  await page.getByLabel('Imprimir / exportar').selectOption('lista');
  await page.locator('[data-export-form] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/imprimir\?/);
  const rows = page.locator('.print-list tbody tr');
  await expect(rows).toHaveCount(13); // department a: even indexes 0..26, 26 is out of stock
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
});

test(
  'TXT price list: padded code and name, price in asterisks, N/A without price, sorted, in stock only',
  { tag: '@desktop' },
  async () => {
    const response = await rawGet('br', `/exportar?formato=txt&de=${encodeURIComponent(`/produtos/${fx.categorySlug}`)}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".+\.txt"/);
    const lines = response.body
      .toString('utf8')
      .split('\r\n')
      .filter((line) => line.startsWith('T'));
    expect(lines).toHaveLength(26);
    const first = fx.products[0]!;
    expect(lines[0]).toBe(`${first.code.padEnd(12)}${first.namePt.padEnd(90)}*U$ 10,00*`);
    expect(lines.find((line) => line.startsWith(fx.products[5]!.code))?.endsWith('N/A')).toBe(true);
    const names = lines.map((line) => line.slice(12, 102).trim());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  },
);

test('PDF price list is a real PDF of the listing', { tag: '@desktop' }, async () => {
  const response = await rawGet('es', `/exportar?formato=pdf&de=${encodeURIComponent(`/produtos/${fx.categorySlug}`)}`);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(response.body.length).toBeGreaterThan(2000);
});

test('empty listings: print and export say there is nothing to show', { tag: '@desktop' }, async ({ page }) => {
  const empty = await createCatalogFixture({ count: 1, outOfStock: 1 });
  const txt = await rawGet('br', `/exportar?formato=txt&de=${encodeURIComponent(`/produtos/${empty.categorySlug}`)}`);
  expect(txt.status).toBe(404);
  expect(txt.body.toString()).toContain('Nenhum produto disponível para exportação.');
  await page.goto(storefrontUrl('br', `/imprimir?formato=grade&de=${encodeURIComponent(`/produtos/${empty.categorySlug}`)}`));
  await expect(page.getByRole('alert')).toHaveText('Nenhum produto disponível para exibição.');
  await page.goto(storefrontUrl('br', `/produtos/${empty.categorySlug}?disponivel=1`));
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Não há produtos para exibir!');
    void dialog.accept();
  });
  await page.locator('[data-export-form] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/produtos\//);
});

test('TXT export from the listing select downloads the file with progress', { tag: '@desktop' }, async ({ page }) => {
  await page.goto(storefrontUrl('br', `/produtos/${fx.categorySlug}`));
  await page.getByLabel('Imprimir / exportar').selectOption('txt');
  const download = page.waitForEvent('download');
  await page.locator('[data-export-form] button[type="submit"]').click();
  await expect(page.locator('[data-export-status]')).toContainText('%');
  expect((await download).suggestedFilename()).toMatch(/\.txt$/);
});

test('the pickup ticket is a standalone print page with the pickup code, not indexed', async ({ page, context }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  const quote = { currencyId: 3, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
  const link = await startCheckoutRequest(page, 'es', cart.externalId, {
    token_entrega: getDeliveryToken(cart.externalId, quote),
    valor_frete: 0,
    forma_pagamento: 'card',
    parcelas: 1,
  });
  await page.goto(link);
  await page.getByRole('button', { name: 'Aprobar' }).click();
  const code = (await page.getByTestId('pickup-code').textContent())?.trim() ?? '';
  await page.goto(storefrontUrl('es', '/pedidos'));
  await page.getByTestId('order-row').first().click();
  await page.getByRole('link', { name: 'Imprimir ticket' }).click();
  await expect(page).toHaveTitle('Ticket de retiro');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByTestId('ticket-code')).toHaveText(code);
  await expect(page.locator('.site-header, footer')).toHaveCount(0); // no shop shell on paper
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
});
