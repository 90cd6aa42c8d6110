import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductListSchema, ProductSchema, type ProductCard } from '#lib/contract/catalog.ts';
import { api, apiJson, getTestDb, type ErrorAnswer, type FieldErrorAnswer } from '../support/api.ts';

/** A brand, category and department of our own with six products of known price, stock and name. */
interface Fixture {
  brandId: number;
  otherBrandId: number;
  categoryId: number;
  departmentId: number;
  ids: number[];
}
let fixture: Fixture;

async function createFixture(): Promise<Fixture> {
  const db = getTestDb();
  const tag = randomUUID().slice(0, 8);
  const brand = await db.query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ($1, $2) RETURNING id`, [
    `brand-${tag}`,
    `Marca ${tag}`,
  ]);
  const other = await db.query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ($1, $2) RETURNING id`, [
    `other-${tag}`,
    `Outra ${tag}`,
  ]);
  const category = await db.query<{ id: number }>(
    `INSERT INTO categories (slug, name_pt, name_es) VALUES ($1, 'Categoria Teste', 'Categoría Prueba') RETURNING id`,
    [`cat-${tag}`],
  );
  const categoryId = category.rows[0]!.id;
  const department = await db.query<{ id: number }>(
    `INSERT INTO departments (category_id, slug, name_pt, name_es) VALUES ($1, 'dep', 'Departamento', 'Departamento') RETURNING id`,
    [categoryId],
  );
  const brandId = brand.rows[0]!.id;
  const otherBrandId = other.rows[0]!.id;
  const departmentId = department.rows[0]!.id;
  // [name_pt, name_es, price_minor, stock, brand, department]
  const rows: [string, string, number, number, number, number | null][] = [
    ['Broca Alfa', 'Mecha Zeta', 5000, 3, brandId, departmentId],
    ['Broca Beta', 'Mecha Yota', 1000, 0, brandId, departmentId],
    ['Broca Gama', 'Mecha Equis', 3000, 7, brandId, null],
    ['Broca Delta', 'Mecha Uve', 2000, 0, otherBrandId, departmentId],
    ['Broca Épsilon', 'Mecha Ele', 4000, 1, otherBrandId, null],
    ['Broca Zeta', 'Mecha Alfa', 6000, 2, brandId, departmentId],
  ];
  const ids: number[] = [];
  for (const [i, [pt, es, price, stock, brandRef, dep]] of rows.entries()) {
    const { rows: inserted } = await db.query<{ id: number }>(
      `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id, department_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [`T${tag}-${i}`, `teste-${tag}-${i}`, pt, es, price, stock, brandRef, categoryId, dep],
    );
    ids.push(inserted[0]!.id);
  }
  return { brandId, otherBrandId, categoryId, departmentId, ids };
}

async function listProducts(query: string, host: 'br' | 'es' = 'br') {
  const response = await api(`/api/public/products?${query}`, { host });
  expect(response.status).toBe(200);
  return ProductListSchema.parse(await response.json());
}

const codes = (data: ProductCard[]) => data.map((p) => p.id);

beforeAll(async () => {
  fixture = await createFixture();
});

describe('GET /api/public/products', () => {
  it('answers the contract shape with a cacheable JSON list, in stock first then newest', async () => {
    const response = await api('/api/public/products?lang=pt&per_page=100');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    expect(response.headers.get('cache-control')).toMatch(/stale-while-revalidate=\d+/);
    const list = ProductListSchema.parse(await response.json());
    expect(list.total).toBeGreaterThanOrEqual(600);
    expect(list.data).toHaveLength(100);
    const firstOut = list.data.findIndex((p) => !p.tem_estoque);
    if (firstOut >= 0) expect(list.data.slice(firstOut).every((p) => !p.tem_estoque)).toBe(true);
    const inStock = list.data.filter((p) => p.tem_estoque).map((p) => p.id);
    expect(inStock).toEqual([...inStock].sort((a, b) => b - a));
    // The demo catalogue's products (the oldest: other test files add products without pictures
    // while this one runs) carry pictures and U$ prices.
    const oldest = ProductListSchema.parse(await (await api('/api/public/products?lang=pt&per_page=100&order_by=id&order=asc')).json());
    const seeded = oldest.data.filter((p) => p.imagens.length > 0);
    expect(seeded.length).toBeGreaterThan(50);
    for (const product of seeded) {
      expect(product.moeda).toEqual({ id: 2, simbolo: 'U$', decimals: 2 });
      expect(product.preco_atual.formatado).toMatch(/^U\$ \d{1,3}(\.\d{3})*,\d{2}$/);
    }
  });

  it('filters by category, department, brand and brand list, in stock first then the chosen order', async () => {
    const [a, b, c, d, e, f] = fixture.ids;
    expect(codes((await listProducts(`category_id=${fixture.categoryId}`)).data)).toEqual([f, e, c, a, d, b]);
    expect(codes((await listProducts(`department_id=${fixture.departmentId}`)).data)).toEqual([f, a, d, b]);
    expect(codes((await listProducts(`brand_id=${fixture.otherBrandId}`)).data)).toEqual([e, d]);
    const both = await listProducts(
      `category_id=${fixture.categoryId}&brands_ids=${fixture.brandId},${fixture.otherBrandId}&order_by=id&order=asc`,
    );
    expect(codes(both.data)).toEqual([a, c, e, f, b, d]);
    expect(both.total).toBe(6);
    expect(codes((await listProducts(`category_id=${fixture.categoryId}&tem_estoque=1`)).data)).toEqual([f, e, c, a]);
    // The client sends category and department empty with text searches.
    expect((await listProducts(`brand_id=${fixture.brandId}&category_id=&department_id=`)).total).toBe(4);
  });

  it('sorts by price and by name in the request language, stock first', async () => {
    const [a, b, c, d, e, f] = fixture.ids;
    const base = `category_id=${fixture.categoryId}`;
    expect(codes((await listProducts(`${base}&order_by=valor_venda&order=asc`)).data)).toEqual([c, e, a, f, b, d]);
    expect(codes((await listProducts(`${base}&order_by=valor_venda&order=desc`)).data)).toEqual([f, a, e, c, d, b]);
    expect(codes((await listProducts(`${base}&order_by=nome&order=asc&lang=pt`)).data)).toEqual([a, e, c, f, b, d]);
    expect(codes((await listProducts(`${base}&order_by=nome&order=asc&lang=es`)).data)).toEqual([f, e, c, a, d, b]);
    // The storefront spec's own form: comma lists, stock first then the chosen field (issue 35 point 8).
    expect(codes((await listProducts(`${base}&order_by=tem_estoque,valor_venda&order=desc,asc`)).data)).toEqual([c, e, a, f, b, d]);
    expect(codes((await listProducts(`${base}&order_by=tem_estoque,nome&order=desc,asc&lang=pt`)).data)).toEqual([a, e, c, f, b, d]);
    const bad = await api(`/api/public/products?${base}&order_by=nome,valor_venda&order=asc,sideways`, { host: 'es' });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, unknown> }).errors).sort()).toEqual(['order', 'order_by']);
  });

  it('paginates with a stable total and no repeats', async () => {
    const first = await listProducts(`category_id=${fixture.categoryId}&per_page=4&page=1`);
    const second = await listProducts(`category_id=${fixture.categoryId}&per_page=4&page=2`);
    const third = await listProducts(`category_id=${fixture.categoryId}&per_page=4&page=3`);
    expect([first.total, second.total, third.total]).toEqual([6, 6, 6]);
    expect(first.data).toHaveLength(4);
    expect(second.data).toHaveLength(2);
    expect(third.data).toHaveLength(0);
    expect(new Set([...codes(first.data), ...codes(second.data)]).size).toBe(6);
  });

  it('counts a product added or restocked after the first listing (totals are never stale)', async () => {
    const db = getTestDb();
    const tag = randomUUID().slice(0, 8);
    const brand = (await db.query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ($1, $1) RETURNING id`, [`fresh-${tag}`]))
      .rows[0]!.id;
    const add = async (i: number, stock: number) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
       VALUES ($1, $1, 'Novo', 'Nuevo', 100, $2, $3, $4) RETURNING id`,
          [`F${tag}-${i}`, stock, brand, fixture.categoryId],
        )
      ).rows[0]!.id;
    await add(1, 1);
    expect((await listProducts(`brand_id=${brand}`)).total).toBe(1);
    const second = await add(2, 0);
    expect((await listProducts(`brand_id=${brand}`)).total).toBe(2);
    expect((await listProducts(`brand_id=${brand}&tem_estoque=1`)).total).toBe(1);
    await db.query('UPDATE products SET stock = 4 WHERE id = $1', [second]);
    expect((await listProducts(`brand_id=${brand}&tem_estoque=1`)).total).toBe(2);
    const moved = (await db.query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ($1, $1) RETURNING id`, [`moved-${tag}`]))
      .rows[0]!.id;
    await db.query('UPDATE products SET brand_id = $1 WHERE id = $2', [moved, second]);
    expect((await listProducts(`brand_id=${brand}`)).total).toBe(1);
  });

  it('caps per_page at 100', async () => {
    expect((await listProducts('per_page=5000')).data).toHaveLength(100);
  });

  it('switches names with lang and converts preco_atual to moeda_id', async () => {
    const [a] = fixture.ids;
    const pt = await listProducts(`category_id=${fixture.categoryId}&lang=pt&order_by=id&order=asc&per_page=1`);
    const es = await listProducts(`category_id=${fixture.categoryId}&lang=es&order_by=id&order=asc&per_page=1&moeda_id=3`);
    expect(pt.data[0]!.id).toBe(a);
    expect(pt.data[0]!.nome).toBe('Broca Alfa');
    expect(pt.data[0]!.categoria.name).toBe('Categoria Teste');
    expect(es.data[0]!.nome).toBe('Mecha Zeta');
    expect(es.data[0]!.categoria.name).toBe('Categoría Prueba');
    expect(es.data[0]!.valor_venda).toBe(50);
    const { rows } = await getTestDb().query<{ rate: number }>(
      'SELECT rate::float8 AS rate FROM exchange_rates WHERE source_currency_id = 2 AND target_currency_id = 3',
    );
    expect(es.data[0]!.preco_atual.moeda_id).toBe(3);
    expect(es.data[0]!.preco_atual.valor_venda).toBe(Math.round(50 * rows[0]!.rate));
    expect(es.data[0]!.preco_atual.formatado).toMatch(/^G\$ \d{1,3}(\.\d{3})*$/);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=-1', 'per_page'],
    ['order_by=preco', 'order_by'],
    ['order=sideways', 'order'],
    ['brands_ids=1,a', 'brands_ids'],
    ['category_id=-4', 'category_id'],
    ['department_id=1.5', 'department_id'],
    ['brand_id=99999999999999', 'brand_id'],
    ['lang=fr', 'lang'],
    ['moeda_id=9', 'moeda_id'],
    [`text=${'x'.repeat(300)}`, 'text'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const { status, body } = await apiJson<FieldErrorAnswer>(`/api/public/products?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(field);
    expect(body.errors[field]).toBeInstanceOf(Array);
  });

  it.each([
    ['br', 'Parâmetros inválidos: per_page', /^Entrada inválida: esperava um número/],
    ['es', 'Parámetros inválidos: per_page', /^Entrada inválida: se esperaba número/],
  ] as const)('answers a bad parameter in the language of the %s storefront', async (host, message, fieldMessage) => {
    const { status, body } = await apiJson<FieldErrorAnswer>('/api/public/products?per_page=abc', { host });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.errors.per_page![0]).toMatch(fieldMessage);
  });
});

describe('GET /api/public/products/{id}/details', () => {
  it('gives the product with description and specifications, by id or slug, in each language', async () => {
    const seeded = (await listProducts('per_page=1&order_by=id&order=asc')).data[0]!;
    const pt = await apiJson(`/api/public/products/${seeded.id}/details?lang=pt`);
    expect(pt.status).toBe(200);
    const product = ProductSchema.parse(pt.body);
    expect(product.especificacoes.length).toBeGreaterThanOrEqual(3);
    expect(product.caracteristica).toMatch(/^<p>/);
    expect(product.imagens.length).toBeGreaterThanOrEqual(1);
    const es = ProductSchema.parse((await apiJson(`/api/public/products/${seeded.slug}/details?lang=es&moeda_id=1`)).body);
    expect(es.id).toBe(product.id);
    expect(es.nome).not.toBe(product.nome);
    expect(es.preco_atual.formatado).toMatch(/^R\$ /);
    const image = await api(product.imagens[0]!.url);
    expect(image.status).toBe(200);
    // A raster picture (a phone decodes it off the main thread), drawn at 1.5x its 400 px box.
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
    // Addresses stored before the switch still answer the drawing.
    const drawing = await api(product.imagens[0]!.url.replace(/\.webp$/, '.svg'));
    expect(drawing.headers.get('content-type')).toBe('image/svg+xml');
    expect(await drawing.text()).toMatch(/^<svg /);
    expect((await api(product.imagens[0]!.url.replace(/\.webp$/, '.png'))).status).toBe(404);
  });

  it('answers 404 JSON for an unknown product and 400 for a malformed id', async () => {
    const missing = await apiJson<ErrorAnswer>('/api/public/products/2000000000/details');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Produto não encontrado');
    expect((await apiJson<ErrorAnswer>('/api/public/products/999999999/details', { host: 'es' })).body.message).toBe(
      'Producto no encontrado',
    );
    const bad = await apiJson<FieldErrorAnswer>('/api/public/products/Not%20A%20Slug!/details');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toBeInstanceOf(Array);
  });
});
