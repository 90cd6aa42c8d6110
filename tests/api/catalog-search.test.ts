import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProductListSchema } from '#lib/contract/catalog.ts';
import { api, getTestDb } from '../support/api.ts';

async function search(text: string, lang: 'pt' | 'es', extra = '') {
  const response = await api(
    `/api/public/products?text=${encodeURIComponent(text)}&lang=${lang}&all_products=1&category_id=&department_id=&per_page=100${extra}`,
  );
  expect(response.status).toBe(200);
  return ProductListSchema.parse(await response.json());
}

describe('product search', () => {
  it('finds drills by "furadeira" in pt, case-insensitively', async () => {
    const lower = await search('furadeira', 'pt');
    const upper = await search('FURADEIRA', 'pt');
    expect(lower.total).toBeGreaterThan(10);
    expect(upper.total).toBe(lower.total);
    expect(lower.data.every((p) => /furadeira/i.test(p.nome))).toBe(true);
  });

  it('finds drills by "taladro" in es, and in pt too, named in Portuguese (issue 19: either language)', async () => {
    const es = await search('taladro', 'es');
    expect(es.total).toBeGreaterThan(10);
    expect(es.data.every((p) => /taladro/i.test(p.nome))).toBe(true);
    const pt = await search('taladro', 'pt');
    expect(pt.total).toBe(es.total);
    expect(pt.data.every((p) => /^furadeira/i.test(p.nome))).toBe(true);
  });

  it('narrows "makita furad" to Makita drills', async () => {
    const result = await search('makita furad', 'pt');
    expect(result.total).toBeGreaterThan(0);
    expect(result.total).toBeLessThan((await search('furad', 'pt')).total);
    expect(result.data.every((p) => p.marca.nome === 'Makita' && /^furadeira/i.test(p.nome))).toBe(true);
  });

  it('matches "esmerilhadeira" to "Esmerilhadeira Angular", accents and case ignored', async () => {
    const result = await search('esmerilhadeira', 'pt');
    expect(result.data.some((p) => p.nome.startsWith('Esmerilhadeira Angular'))).toBe(true);
    expect((await search('ESMERILHADEIRA ÂNGULAR', 'pt')).total).toBeGreaterThan(0);
    expect((await search('calibre digital', 'es')).data.every((p) => p.nome.startsWith('Calibre Digital'))).toBe(true);
  });

  it('tolerates one typo', async () => {
    const exact = await search('furadeira', 'pt');
    const typo = await search('furadiera', 'pt');
    expect(typo.total).toBe(exact.total);
    expect((await search('makitta', 'pt')).data.every((p) => p.marca.nome === 'Makita')).toBe(true);
  });

  it('puts the product with the exact code first, even out of stock', async () => {
    const db = getTestDb();
    const tag = randomUUID().slice(0, 6);
    const insert = async (code: string, stock: number) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
       VALUES ($1, $2, 'Furadeira Teste', 'Taladro Prueba', 1000, $3, (SELECT min(id) FROM brands), (SELECT min(id) FROM categories))
       RETURNING id`,
          [code, `codigo-${code.toLowerCase()}`, stock],
        )
      ).rows[0]!.id;
    const exact = await insert(`QX-${tag}`, 0);
    const longer = await insert(`QX-${tag}7`, 5);
    const result = await search(`QX-${tag}`, 'pt');
    expect(result.data.map((p) => p.id)).toEqual([exact, longer]);
    expect((await search(`qx-${tag}`, 'es')).data[0]?.id).toBe(exact);
    expect((await search(`qx${tag}7`, 'pt')).data[0]?.id).toBe(longer);
  });

  it('ranks name matches above brand-only matches and keeps in-stock first', async () => {
    const result = await search('furadeira', 'pt');
    const firstOut = result.data.findIndex((p) => !p.tem_estoque);
    if (firstOut >= 0) expect(result.data.slice(firstOut).every((p) => !p.tem_estoque)).toBe(true);
  });

  it('gives an empty list for text with no words', async () => {
    expect(await search('%%% ---', 'pt')).toEqual({ data: [], total: 0 });
  });
});
