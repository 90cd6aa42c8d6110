import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiJson, getTestDb, type FieldErrorAnswer, getRunStack } from '../support/api.ts';
import { sameOrigin } from '../support/accounts.ts';

/**
 * Issue 35 point 8: rows of the storefront specification (storefront.md), read as a client
 * written from the document alone would read them.
 */
const origin = (host: 'br' | 'es') => `http://${host}.localhost:${getRunStack().port}`;

interface Fixture {
  brand: { id: number; slug: string; name: string };
  /** A brand with products, none of them in a special category. */
  plainBrand: { slug: string };
  special: { id: number; slug: string; namePt: string; nameEs: string };
  regular: { slug: string };
  /** Names of the brand's products in the special category, and of its product elsewhere. */
  specialProducts: string[];
  otherProduct: string;
}
let fx: Fixture;

beforeAll(async () => {
  const db = getTestDb();
  const tag = randomUUID().slice(0, 8);
  const brand = async (name: string) =>
    (
      await db.query<{ id: number; slug: string }>('INSERT INTO brands (slug, name) VALUES ($1, $2) RETURNING id, slug', [
        `rows-${tag}-${name.toLowerCase()}`,
        `${name} ${tag}`,
      ])
    ).rows[0]!;
  const category = async (slug: string, special: boolean) =>
    (
      await db.query<{ id: number; slug: string }>(
        `INSERT INTO categories (slug, name_pt, name_es, menu_visible, special) VALUES ($1, $2, $3, $4, $5) RETURNING id, slug`,
        [`${slug}-${tag}`, `Ofertas ${tag}`, `Ofertas especiales ${tag}`, !special, special],
      )
    ).rows[0]!;
  const [rowsBrand, plain, special, regular] = await Promise.all([
    brand('Alfa'),
    brand('Beta'),
    category('esp', true),
    category('reg', false),
  ]);
  const product = async (name: string, brandId: number, categoryId: number) => {
    const code = `R-${randomUUID().slice(0, 8)}`;
    await db.query(
      `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id, images)
       VALUES ($1, $2, $3, $3, 10000, 2, 5, $4, $5, '[]')`,
      [code, code.toLowerCase(), `${name} ${tag}`, brandId, categoryId],
    );
    return `${name} ${tag}`;
  };
  const specialProducts = [
    await product('Serra especial', rowsBrand.id, special.id),
    await product('Broca especial', rowsBrand.id, special.id),
  ];
  const otherProduct = await product('Martelo comum', rowsBrand.id, regular.id);
  await product('Alicate comum', plain.id, regular.id);
  fx = {
    brand: { ...rowsBrand, name: `Alfa ${tag}` },
    plainBrand: plain,
    special: { ...special, namePt: `Ofertas ${tag}`, nameEs: `Ofertas especiales ${tag}` },
    regular,
    specialProducts,
    otherProduct,
  };
});

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const main = (html: string) => html.slice(html.indexOf('<main'));

describe('storefront spec section 2: /especial/{brandSlug}/{categoriaSlug}', () => {
  it('/especial/{brand} lists the brand\'s products of the special categories, titled "Produtos {brand}"', async () => {
    for (const host of ['br', 'es'] as const) {
      const response = await api(`/especial/${fx.brand.slug}`, { host });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(h1(html)).toBe(host === 'br' ? `Produtos ${fx.brand.name}` : `Productos ${fx.brand.name}`);
      for (const name of fx.specialProducts) expect(main(html)).toContain(name);
      expect(main(html)).not.toContain(fx.otherProduct);
      expect(canonical(html)).toBe(`${origin(host)}/especial/${fx.brand.slug}`);
    }
  });

  it('/especial/{brand}/{category} is titled "brand - category" and lists that category only', async () => {
    const response = await api(`/especial/${fx.brand.slug}/${fx.special.slug}`, { host: 'es' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1(html)).toBe(`${fx.brand.name} - ${fx.special.nameEs}`);
    for (const name of fx.specialProducts) expect(main(html)).toContain(name);
    expect(canonical(html)).toBe(`${origin('es')}/especial/${fx.brand.slug}/${fx.special.slug}`);
    // Old links by id move to the named address.
    const byId = await api(`/especial/${fx.brand.id}/${fx.special.id}`, { host: 'es' });
    expect(byId.status).toBe(301);
    expect(byId.headers.get('location')).toBe(`/especial/${fx.brand.slug}/${fx.special.slug}`);
  });

  it('is not found for an unknown brand, a brand without special products, or a category that is not special', async () => {
    for (const path of [
      `/especial/marca-que-nao-existe`,
      `/especial/${fx.plainBrand.slug}`,
      `/especial/${fx.plainBrand.slug}/${fx.special.slug}`,
      `/especial/${fx.brand.slug}/${fx.regular.slug}`,
    ])
      expect((await api(path, { host: 'br' })).status, path).toBe(404);
  });

  it('the sitemap names the special listings with products, and no empty one', async () => {
    const sitemap = await (await api('/sitemap.xml', { host: 'br' })).text();
    for (const path of [`/especial/${fx.special.slug}`, `/especial/${fx.brand.slug}`, `/especial/${fx.brand.slug}/${fx.special.slug}`])
      expect(sitemap).toContain(`<loc>${origin('br')}${path}</loc>`);
    expect(sitemap).not.toContain(`/especial/${fx.plainBrand.slug}`);
  });
});

describe('storefront spec section 2: /marca/{brandSlug}/{categoriaSlug} with a special category', () => {
  it('lists the brand\'s products of a special category that has some, titled "brand - category"; otherwise 404', async () => {
    const response = await api(`/marca/${fx.brand.slug}/${fx.special.slug}`, { host: 'br' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1(html)).toBe(`${fx.brand.name} - ${fx.special.namePt}`);
    for (const name of fx.specialProducts) expect(main(html)).toContain(name);
    expect(main(html)).not.toContain(fx.otherProduct);
    expect((await api(`/marca/${fx.plainBrand.slug}/${fx.special.slug}`, { host: 'br' })).status).toBe(404);
  });
});

describe('storefront spec section 5: the offers phone field', () => {
  const post = (host: 'br' | 'es', json: unknown) =>
    apiJson<FieldErrorAnswer>('/api/public/contato-newsletter', { method: 'POST', host, json });

  it('is required, 10 to 20 characters, 10 to 15 digits, each refusal in the visitor language', async () => {
    const cases: Array<['br' | 'es', unknown, string]> = [
      ['br', {}, 'Informe o seu celular.'],
      ['es', { celular: '' }, 'Ingresa tu celular.'],
      ['br', { celular: '45 9999-8' }, 'O celular deve ter pelo menos 10 caracteres.'],
      ['es', { celular: '+595 (981) 123-456-7890' }, 'El celular debe tener como máximo 20 caracteres.'],
      ['br', { celular: '(45) (9) (9)-' }, 'O celular deve ter de 10 a 15 dígitos.'],
      ['es', { celular: '0981 12345a' }, 'Solo se aceptan números.'],
    ];
    for (const [host, body, message] of cases) {
      const answer = await post(host, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors.celular?.[0]).toBe(message);
    }
    expect((await post('es', { celular: '0981 123 456' })).status).toBeLessThan(300);
  });

  it('without JavaScript, the home page answers the same rules and shows what was typed', async () => {
    const send = async (celular: string) => {
      const form = new URLSearchParams({ celular });
      return api('/?ofertas=1', { method: 'POST', host: 'br', body: form, headers: sameOrigin('br') });
    };
    const empty = await send('');
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Informe o seu celular.');
    const short = await send('45 9999');
    expect(short.status).toBe(422);
    const html = await short.text();
    expect(html).toContain('O celular deve ter pelo menos 10 caracteres.');
    expect(html).toContain('value="45 9999"');
  });
});
