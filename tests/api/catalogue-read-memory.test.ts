import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProductListSchema } from '#lib/contract/catalog.ts';
import { api, getTestDb } from '../support/api.ts';

/**
 * Issue 21, the uncached path: listings remember per filter their total and corrected search
 * terms at one catalogue version, and the listing pages keep categories and brands in memory
 * (src/server/catalog/repository.ts, src/components/catalog/catalog-reader.ts). What a shopper
 * sees must still follow the catalogue: a search answers anew on the very next request after a
 * plain SQL write (no notice needed: the page's own statement checks the version), and a category
 * or brand written in SQL reaches the listing pages through the change notice.
 */
const NOTICE_WAIT_MS = 5000;

async function search(text: string) {
  const response = await api(`/api/public/products?text=${encodeURIComponent(text)}&lang=pt&per_page=20`);
  expect(response.status).toBe(200);
  return ProductListSchema.parse(await response.json());
}

/** Eight letters, none repeated next to each other: a word no demo product has. */
function makeWord(): string {
  const letters = 'bcdfgjklmnpqrstvwxz';
  return Array.from({ length: 8 }, (_, i) => letters[(randomInt(letters.length) + i) % letters.length]).join('');
}

describe('catalogue reads kept in memory', () => {
  it('answers a remembered search anew right after a plain SQL insert, rename or removal', async () => {
    const db = getTestDb();
    const word = `vortex${makeWord()}`;
    // One letter changed: corrected to the word once a product has it, left as typed before.
    const typo = `vortix${word.slice(6)}`;
    expect((await search(typo)).total).toBe(0);
    expect((await search(typo)).total).toBe(0); // now answered from what the first search learnt
    const {
      rows: [product],
    } = await db.query<{ id: number }>(
      `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
       VALUES ($1, $1, $2, $2, 1000, 3, (SELECT min(id) FROM brands), (SELECT min(id) FROM categories)) RETURNING id`,
      [`mem-${word}`, `Broca ${word}`],
    );
    try {
      const found = await search(typo);
      expect(found.total).toBe(1);
      expect(found.data.map((p) => p.nome)).toEqual([`Broca ${word}`]);
      await db.query('UPDATE products SET name_pt = $2, name_es = $2 WHERE id = $1', [product!.id, `Serra ${word}`]);
      expect((await search(word)).data.map((p) => p.nome)).toEqual([`Serra ${word}`]);
      expect((await search(`broca ${word}`)).total).toBe(0);
      await db.query('UPDATE products SET active = false WHERE id = $1', [product!.id]);
      expect(await search(word)).toEqual({ data: [], total: 0 });
    } finally {
      await db.query('DELETE FROM products WHERE id = $1', [product!.id]);
    }
  });

  it('answers a remembered code search anew after a plain SQL insert adds a second match', async () => {
    const db = getTestDb();
    const code = `cod${makeWord()}`;
    const insert = (productCode: string, name: string) =>
      db.query<{ id: number }>(
        `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
         VALUES ($1, $1, $2, $2, 1000, 3, (SELECT min(id) FROM brands), (SELECT min(id) FROM categories)) RETURNING id`,
        [productCode, name],
      );
    const ids: number[] = [];
    try {
      ids.push((await insert(code, 'Broca de teste')).rows[0]!.id);
      // Only the product with that code matches: its page has no other rows to read.
      expect((await search(code)).data.map((p) => p.codigo)).toEqual([code]);
      expect((await search(code)).data.map((p) => p.codigo)).toEqual([code]); // from memory
      ids.push((await insert(`${code}-b`, `Serra ${code}x`)).rows[0]!.id);
      const found = await search(code);
      expect(found.total).toBe(2);
      expect(found.data.map((p) => p.codigo)).toEqual([code, `${code}-b`]);
    } finally {
      await db.query('DELETE FROM products WHERE id = ANY($1::int[])', [ids]);
    }
  });

  it('shows a category and a brand added in SQL on the listing pages after the change notice', async () => {
    const db = getTestDb();
    const id = randomInt(1e9);
    const page = async (path: string) => {
      const response = await api(path, { host: 'br' });
      return { status: response.status, html: await response.text() };
    };
    // The listing pages' categories and brands are read and kept (a category out of the menu: only
    // the listing page shows its name).
    expect((await page(`/produtos/memoria-${id}`)).status).toBe(404);
    expect((await page(`/marca/memoria-${id}`)).status).toBe(404);
    const {
      rows: [category],
    } = await db.query<{ id: number }>(
      `INSERT INTO categories (slug, name_pt, name_es, menu_visible, special, position)
       VALUES ($1, $2, $2, false, false, 99999) RETURNING id`,
      [`memoria-${id}`, `Memória ${id}`],
    );
    const {
      rows: [brand],
    } = await db.query<{ id: number }>(`INSERT INTO brands (slug, name, position) VALUES ($1, $2, 99999) RETURNING id`, [
      `memoria-${id}`,
      `Marca Memória ${id}`,
    ]);
    try {
      await expect.poll(async () => (await page(`/produtos/memoria-${id}`)).status, { timeout: NOTICE_WAIT_MS }).toBe(200);
      await expect.poll(async () => (await page(`/marca/memoria-${id}`)).status, { timeout: NOTICE_WAIT_MS }).toBe(200);
      await db.query('UPDATE categories SET name_pt = $2 WHERE id = $1', [category!.id, `Renomeada ${id}`]);
      await expect.poll(async () => (await page(`/produtos/memoria-${id}`)).html, { timeout: NOTICE_WAIT_MS }).toContain(`Renomeada ${id}`);
    } finally {
      await db.query('DELETE FROM brands WHERE id = $1', [brand!.id]);
      await db.query('DELETE FROM categories WHERE id = $1', [category!.id]);
    }
  });
});
