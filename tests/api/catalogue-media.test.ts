import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getPictureSrcset } from '#lib/pictures.ts';
import { api, apiJson, getHostHeader, getTestDb, type ErrorAnswer } from '../support/api.ts';
import { createSignedInStaff } from '../support/staff.ts';
import { createProduct } from './checkout-fixtures.ts';

/** A photo-like picture: a gradient with some grain, so every width encodes to a different size. */
function makePicture(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1)
    pixels[i] = ((((i / 3) % width) * 200) / width + ((i / (width * 3)) * 50) / height + ((i * 7) % 23)) & 0xff;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A picture action's answer: the sent picture's address and the product's pictures in order. */
interface PictureAnswer {
  url: string;
  imagens: { url: string }[];
}
/** A saved banner's or seller's answer. */
interface SavedAnswer {
  id: number;
}
/** A refused upload names its reason. */
type RefusedUpload = ErrorAnswer & { code: string };

/** A panel upload from the panel's own origin, answered in JSON; `T` is the answer read. */
function upload<T = unknown>(
  path: string,
  cookie: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('imagem', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name);
  return apiJson<T>(path, {
    method: 'POST',
    host: 'es',
    body: form,
    headers: { cookie, accept: 'application/json', origin: `http://${getHostHeader('es')}` },
  });
}

async function getImages(productId: number): Promise<{ url: string }[]> {
  return (await getTestDb().query<{ images: { url: string }[] }>('SELECT images FROM products WHERE id = $1', [productId])).rows[0]!.images;
}

async function getAuditActions(entityType: string, entityId: number): Promise<string[]> {
  const { rows } = await getTestDb().query<{ action: string }>(
    'SELECT action FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id',
    [entityType, String(entityId)],
  );
  return rows.map((row) => row.action);
}

describe('catalogue pictures', () => {
  it('judges an upload by its content: a PNG named .jpg is taken and made into WebP widths served with immutable caching', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const product = await createProduct({ stock: 3 });
    const png = await makePicture(1500, 1000, 'png');
    const answer = await upload<PictureAnswer>(
      `/api/painel/catalogo/produtos/${product.id}/fotos`,
      cookie,
      {},
      { bytes: png, name: 'foto.jpg', type: 'image/jpeg' },
    );
    expect(answer.status).toBe(200);
    const url: string = answer.body.url;
    expect(url).toMatch(/^\/img\/f\/[0-9a-f]{20}-1280\.webp$/);
    expect(await getImages(product.id)).toEqual([{ url }]);
    expect(await getAuditActions('product', product.id)).toEqual(['product.picture_add']);

    // every width of the srcset exists, is a WebP of that width and is cached for a year
    const srcset = getPictureSrcset(url)!
      .split(', ')
      .map((entry) => entry.split(' ') as [string, string]);
    expect(srcset.map(([, width]) => width)).toEqual(['96w', '160w', '240w', '320w', '480w', '640w', '960w', '1280w']);
    const sizes: number[] = [];
    for (const [path, width] of srcset) {
      const response = await api(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(width);
      sizes.push(bytes.length);
    }
    // an 80 px thumbnail no longer downloads the big file
    expect(sizes[1]!).toBeLessThan(sizes[sizes.length - 1]! / 10);
    expect((await api(url.replace('-1280.', '-1000.'))).status).toBe(404);

    // the product page's gallery offers the widths
    const page = await (await api(`/produto/${product.code.toLowerCase()}`, { host: 'es' })).text();
    expect(page).toContain(`srcset="${getPictureSrcset(url)}"`);

    // the same file again is stored once and listed once
    const again = await upload<PictureAnswer>(
      `/api/painel/catalogo/produtos/${product.id}/fotos`,
      cookie,
      {},
      { bytes: png, name: 'otra.png' },
    );
    expect(again.body.url).toBe(url);
    expect(await getImages(product.id)).toEqual([{ url }]);
  });

  it('refuses a text file named .png, a file over 10 MB and a bomb of pixels with a message, changing nothing', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const product = await createProduct({ stock: 3 });
    const path = `/api/painel/catalogo/produtos/${product.id}/fotos`;
    const text = await upload(
      path,
      cookie,
      {},
      { bytes: Buffer.from('no soy una imagen\n'.repeat(50)), name: 'foto.png', type: 'image/png' },
    );
    expect(text).toEqual({
      status: 415,
      body: { code: 'pictureType', message: expect.stringContaining('no es una imagen JPEG, PNG, WebP o AVIF') },
    });
    const big = Buffer.concat([await makePicture(64, 64, 'jpeg'), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooLarge = await upload(path, cookie, {}, { bytes: big, name: 'grande.jpg' });
    expect(tooLarge).toEqual({
      status: 413,
      body: { code: 'pictureTooLarge', message: 'La imagen supera los 10 MB. Envía una versión más pequeña.' },
    });
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const tooManyPixels = await upload<RefusedUpload>(path, cookie, {}, { bytes: bomb, name: 'bomba.png' });
    expect(tooManyPixels.status).toBe(413);
    expect(tooManyPixels.body.code).toBe('pictureTooManyPixels');
    expect(await getImages(product.id)).toEqual([]);
    expect(await getAuditActions('product', product.id)).toEqual([]);
  });

  it("orders and removes a product's pictures; a form post comes back to the page", async () => {
    const { cookie } = await createSignedInStaff('admin');
    const product = await createProduct({ stock: 3 });
    const path = `/api/painel/catalogo/produtos/${product.id}/fotos`;
    const first = (await upload<PictureAnswer>(path, cookie, {}, { bytes: await makePicture(400, 400, 'jpeg'), name: 'a.jpg' })).body.url;
    const second = (await upload<PictureAnswer>(path, cookie, {}, { bytes: await makePicture(500, 300, 'png'), name: 'b.png' })).body.url;
    expect(second).toMatch(/-500\.webp$/);
    expect((await upload<PictureAnswer>(path, cookie, { acao: 'first', url: second })).body.imagens).toEqual([
      { url: second },
      { url: first },
    ]);
    const form = await api(path, {
      method: 'POST',
      host: 'es',
      body: new URLSearchParams({ acao: 'remove', url: first }),
      headers: { cookie, origin: `http://${getHostHeader('es')}` },
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/painel/catalogo/produtos/${product.id}/fotos?ok=1`);
    expect(await getImages(product.id)).toEqual([{ url: second }]);
    const page = await (await api(`/painel/catalogo/produtos/${product.id}/fotos?ok=1`, { host: 'es', headers: { cookie } })).text();
    expect(page).toContain('Cambio guardado. La tienda ya muestra el cambio.');
    expect(await getAuditActions('product', product.id)).toEqual([
      'product.picture_add',
      'product.picture_add',
      'product.picture_order',
      'product.picture_remove',
    ]);
  });

  it('refuses counter users on every catalogue-media endpoint', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const product = await createProduct({ stock: 1 });
    const picture = { bytes: await makePicture(100, 100, 'jpeg'), name: 'x.jpg' };
    for (const path of [
      `/api/painel/catalogo/produtos/${product.id}/fotos`,
      '/api/painel/catalogo/banners',
      '/api/painel/catalogo/marcas',
      '/api/painel/catalogo/vendedores',
    ]) {
      const refused = await upload(path, cookie, { id: '1', nome: 'X', funcao_pt: 'X', funcao_es: 'X' }, picture);
      expect(refused.status, path).toBe(403);
    }
    expect(await getImages(product.id)).toEqual([]);
  });
});

describe('banners, brands and sellers', () => {
  it('a new main banner shows on the home page at once; a bad link is refused', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const picture = { bytes: await makePicture(2400, 800, 'jpeg'), name: 'banner.jpg' };
    const bad = await upload('/api/painel/catalogo/banners', cookie, { tipo: 'Banner Principal', link: 'javascript:alert(1)' }, picture);
    expect(bad).toEqual({ status: 422, body: { code: 'badLink', message: expect.stringContaining('ruta de la tienda') } });
    const created = await upload<SavedAnswer>(
      '/api/painel/catalogo/banners',
      cookie,
      {
        tipo: 'Banner Principal',
        link: '/produtos/soldagem',
        titulo_pt: 'Semana da solda',
        titulo_es: 'Semana de la soldadura',
      },
      picture,
    );
    expect(created.status).toBe(200);
    const { rows } = await getTestDb().query<{ image_url: string; link: string }>('SELECT image_url, link FROM banners WHERE id = $1', [
      created.body.id,
    ]);
    expect(rows[0]).toEqual({ image_url: expect.stringMatching(/^\/img\/f\/[0-9a-f]{20}-1920\.webp$/), link: '/produtos/soldagem' });
    const home = await (await api('/', { host: 'es' })).text();
    expect(home).toContain('Semana de la soldadura');
    expect(home).toContain(`srcset="${getPictureSrcset(rows[0]!.image_url)}"`);
    const removed = await upload('/api/painel/catalogo/banners', cookie, { acao: 'remove', id: String(created.body.id) });
    expect(removed.status).toBe(200);
    expect(await (await api('/', { host: 'es' })).text()).not.toContain('Semana de la soldadura');
    expect(await getAuditActions('banner', created.body.id)).toEqual(['banner.create', 'banner.delete']);
  });

  it('the triple and offers banners follow the panel order like the carousel: the first of each type is shown', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const picture = { bytes: await makePicture(900, 600, 'jpeg'), name: 'tile.jpg' };
    const home = async () => (await api('/', { host: 'es' })).text();
    const created: number[] = [];
    for (const [tipo, titulo] of [
      ['Triplo Centro', 'Centro en espera'],
      ['Receba Ofertas', 'Ofertas en espera'],
    ] as const) {
      const banner = await upload<SavedAnswer>(
        '/api/painel/catalogo/banners',
        cookie,
        { tipo, link: '', titulo_pt: titulo, titulo_es: titulo },
        picture,
      );
      expect(banner.status).toBe(200);
      created.push(banner.body.id);
    }
    // A new banner goes last in its type's order: the one before it still shows.
    let page = await home();
    expect(page).not.toContain('Centro en espera');
    expect(page).not.toContain('Ofertas en espera');
    for (const id of created) {
      const { rows } = await getTestDb().query<{ n: number }>(
        'SELECT count(*)::int AS n FROM banners WHERE kind = (SELECT kind FROM banners WHERE id = $1) AND id <> $1',
        [id],
      );
      for (let step = 0; step < rows[0]!.n; step += 1) {
        expect((await upload('/api/painel/catalogo/banners', cookie, { acao: 'up', id: String(id) })).status).toBe(200);
      }
    }
    page = await home();
    expect(page).toContain('Centro en espera');
    expect(page).toContain('Ofertas en espera');
    for (const id of created) await upload('/api/painel/catalogo/banners', cookie, { acao: 'remove', id: String(id) });
    page = await home();
    expect(page).not.toContain('Centro en espera');
    expect(page).not.toContain('Ofertas en espera');
  });

  it('sellers are reordered from the panel: the storefront team follows, each move audited', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const ids: number[] = [];
    for (const nome of ['Orden Primera', 'Orden Segunda']) {
      const seller = await upload<SavedAnswer>('/api/painel/catalogo/vendedores', cookie, {
        nome,
        funcao_pt: 'Vendas',
        funcao_es: 'Ventas',
        whatsapp: '',
      });
      expect(seller.status).toBe(200);
      ids.push(seller.body.id);
    }
    const order = async () =>
      ((await apiJson('/api/public/team', { host: 'es' })).body as { id: number }[])
        .map((member) => member.id)
        .filter((id) => ids.includes(id));
    expect(await order()).toEqual(ids);
    expect((await upload('/api/painel/catalogo/vendedores', cookie, { acao: 'up', id: String(ids[1]) })).status).toBe(200);
    expect(await order()).toEqual([ids[1], ids[0]]);
    expect((await upload('/api/painel/catalogo/vendedores', cookie, { acao: 'up', id: '999999999' })).status).toBe(404);
    const panel = await (await api('/painel/catalogo/vendedores', { host: 'es', headers: { cookie } })).text();
    expect(panel.indexOf(`data-seller-id="${ids[1]}"`)).toBeLessThan(panel.indexOf(`data-seller-id="${ids[0]}"`));
    for (const id of ids) await upload('/api/painel/catalogo/vendedores', cookie, { acao: 'remove', id: String(id) });
    expect(await getAuditActions('seller', ids[1]!)).toEqual(['seller.create', 'seller.order', 'seller.delete']);
  });

  it("a brand's name is edited: its products and the brand list show it at once, audited; an empty name is refused", async () => {
    const { cookie } = await createSignedInStaff('admin');
    const slug = `rename-${Date.now().toString(36)}`;
    const brandId = (
      await getTestDb().query<{ id: number }>(`INSERT INTO brands (slug, name, position) VALUES ($1, 'Nombre Viejo', 9999) RETURNING id`, [
        slug,
      ])
    ).rows[0]!.id;
    const product = await createProduct({ stock: 3 });
    await getTestDb().query('UPDATE products SET brand_id = $2 WHERE id = $1', [product.id, brandId]);
    const empty = await upload<ErrorAnswer>('/api/painel/catalogo/marcas', cookie, { acao: 'rename', id: String(brandId), nome: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Escribe el nombre de la marca (hasta 80 caracteres).');
    const renamed = await upload('/api/painel/catalogo/marcas', cookie, { acao: 'rename', id: String(brandId), nome: 'Nombre Nuevo' });
    expect(renamed.status).toBe(200);
    const brands = (await apiJson('/api/public/brands', { host: 'es' })).body as { id: number; nome: string; slug: string }[];
    expect(brands.find((brand) => brand.id === brandId)).toMatchObject({ nome: 'Nombre Nuevo', slug });
    const details = await apiJson<{ marca: { nome: string } }>(`/api/public/products/${product.id}/details?lang=es`, { host: 'es' });
    expect(details.body.marca.nome).toBe('Nombre Nuevo');
    // search reads the copied brand name: the product is found by its brand's new name
    const found = await apiJson<{ data: { id: number }[] }>(`/api/public/products?text=${encodeURIComponent('nombre nuevo')}&lang=es`, {
      host: 'es',
    });
    expect(found.body.data.map((row) => row.id)).toContain(product.id);
    expect(await getAuditActions('brand', brandId)).toEqual(['brand.rename']);
  });

  it('a brand logo and a seller with a checked WhatsApp number reach the public API', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const brandId = (
      await getTestDb().query<{ id: number }>(
        `INSERT INTO brands (slug, name, position) VALUES ('media-' || md5(random()::text), 'Media Test', 9999) RETURNING id`,
      )
    ).rows[0]!.id;
    const logo = await upload(
      '/api/painel/catalogo/marcas',
      cookie,
      { id: String(brandId) },
      { bytes: await makePicture(600, 200, 'png'), name: 'logo.png' },
    );
    expect(logo.status).toBe(200);
    const brands = (await apiJson('/api/public/brands', { host: 'es' })).body as { id: number; logo: string | null }[];
    expect(brands.find((brand) => brand.id === brandId)?.logo).toMatch(/^\/img\/f\/[0-9a-f]{20}-480\.webp$/);

    const fields = { nome: 'Vendedora Prueba', funcao_pt: 'Vendas', funcao_es: 'Ventas' };
    const badPhone = await upload<ErrorAnswer>('/api/painel/catalogo/vendedores', cookie, { ...fields, whatsapp: '123' });
    expect(badPhone.status).toBe(422);
    expect(badPhone.body.message).toContain('Número de WhatsApp inválido');
    const seller = await upload<SavedAnswer>(
      '/api/painel/catalogo/vendedores',
      cookie,
      { ...fields, whatsapp: '0981 234 567' },
      { bytes: await makePicture(300, 300, 'jpeg'), name: 'yo.jpg' },
    );
    expect(seller.status).toBe(200);
    const team = (await apiJson('/api/public/team', { host: 'es' })).body as {
      id: number;
      whatsapp: string;
      foto: string;
      funcao: string;
    }[];
    expect(team.find((member) => member.id === seller.body.id)).toMatchObject({
      whatsapp: '595981234567',
      funcao: 'Ventas',
      foto: expect.stringMatching(/-300\.webp$/),
    });
    await upload('/api/painel/catalogo/vendedores', cookie, { acao: 'remove', id: String(seller.body.id) });
    expect(await getAuditActions('seller', seller.body.id)).toEqual(['seller.create', 'seller.delete']);
    expect(await getAuditActions('brand', brandId)).toEqual(['brand.logo']);
  });
});
