import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createCatalogFixture } from './support/catalog-fixtures.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';

/** A photo-like JPEG (noise over a gradient), as a phone camera would give. */
async function makePhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1)
    pixels[i] = ((((i / 3) % width) * 200) / width + ((i / (width * 3)) * 50) / height + ((i * 13) % 23)) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

test('an admin uploads a main banner and it appears in the home carousel', { tag: '@desktop' }, async ({ browser, page }) => {
  const title = `Semana ${Date.now().toString(36)}`;
  const panel = await (await openStaffContext(browser, 'es', 'admin', 'es-PY')).newPage();
  await panel.goto(storefrontUrl('es', '/painel/catalogo/banners'));
  const form = panel.locator('form', { has: panel.getByRole('button', { name: 'Agregar' }) });
  await form.getByLabel('Tipo').selectOption('Banner Principal');
  await form
    .getByLabel('Imagen del banner')
    .setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(1800, 600) });
  await form.getByLabel('Enlace').fill('/produtos/soldagem');
  await form.getByLabel('Título (español)').fill(title);
  await form.getByRole('button', { name: 'Agregar' }).click();
  await expect(panel.getByTestId('media-outcome')).toHaveText('Cambio guardado. La tienda ya muestra el cambio.');

  await page.goto(storefrontUrl('es', '/'));
  const slide = page.locator('.hero__slide', { hasText: title });
  await expect(slide).toHaveCount(1);
  await expect(slide.locator('a')).toHaveAttribute('href', '/produtos/soldagem');
  await expect(slide.locator('img')).toHaveAttribute('srcset', /\/img\/f\/[0-9a-f]{20}-1800\.webp 1800w/);
  await getTestDb().query('DELETE FROM banners WHERE title_es = $1', [title]);
});

test(
  "an admin uploads a product picture and the phone's product card takes a small width",
  { tag: '@phone' },
  async ({ browser, page }) => {
    const fx = await createCatalogFixture({ count: 2, outOfStock: 0 });
    const product = fx.products[0]!;
    const panel = await (await openStaffContext(browser, 'es', 'admin', 'es-PY')).newPage();
    await panel.goto(storefrontUrl('es', '/painel/catalogo/fotos'));
    await panel.getByLabel('Código o nombre').fill(product.code);
    await panel.getByRole('button', { name: 'Buscar' }).click();
    await panel.getByRole('link', { name: new RegExp(product.code) }).click();
    await panel
      .getByLabel(/Imagen \(JPEG/)
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(1600, 1600) });
    await panel.getByRole('button', { name: 'Cargar foto' }).click();
    await expect(panel.getByTestId('media-outcome')).toHaveText('Cambio guardado. La tienda ya muestra el cambio.');
    // the fixture's product has pictures already: the new one comes last, and is made the main one
    const pictures = panel.getByTestId('product-pictures').locator('li');
    await expect(pictures.last().locator('img')).toHaveAttribute('src', /^\/img\/f\/[0-9a-f]{20}-1280\.webp$/);
    await pictures.last().getByRole('button', { name: 'Hacer principal' }).click();
    await expect(pictures.first().locator('img')).toHaveAttribute('src', /^\/img\/f\/[0-9a-f]{20}-1280\.webp$/);

    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/img/f/')) requested.push(new URL(request.url()).pathname);
    });
    await page.goto(storefrontUrl('es', `/marca/${fx.brandSlug}`));
    const image = page.locator('.product-card', { hasText: product.code }).locator('.product-card__media img');
    await expect(image).toHaveJSProperty('complete', true);
    const { currentSrc, dpr } = await image.evaluate((img: HTMLImageElement) => ({ currentSrc: img.currentSrc, dpr: devicePixelRatio }));
    // sizes says half the 360 px screen: the smallest width at least 180 device-independent px wide
    const expected = [96, 160, 240, 320, 480, 640, 960, 1280].find((width) => width >= 180 * dpr);
    expect(new URL(currentSrc).pathname).toMatch(new RegExp(`^/img/f/[0-9a-f]{20}-${expected}\\.webp$`));
    expect(requested.filter((path) => path.endsWith('-1280.webp'))).toEqual([]);
  },
);
