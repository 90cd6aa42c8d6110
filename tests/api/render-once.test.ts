import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, getTestDb } from '../support/api.ts';

/**
 * Issue 21: product cards and the product page's pure parts are rendered once and their HTML is
 * kept, keyed by what they show (src/components/shell/render-once.ts). The test stack serves
 * every page uncached (PAGE_CACHE off); the writes below turn the tables' triggers off, so no
 * catalogue change is announced and nothing is emptied: only the keys can bring the new data.
 */

let brandSlug = '';
let tag = '';
const ids: { main: number; other: number } = { main: 0, other: 0 };
const slugs: { main: string; other: string } = { main: '', other: '' };

async function writeSilently(sql: string, values: unknown[]): Promise<void> {
  const client = await getTestDb().connect();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query(sql, values);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  const db = getTestDb();
  tag = randomUUID().slice(0, 8);
  brandSlug = `kept-${tag}`;
  const brand = await db.query<{ id: number }>('INSERT INTO brands (slug, name) VALUES ($1, $2) RETURNING id', [brandSlug, `Kept ${tag}`]);
  for (const [key, price] of [
    ['main', 123456],
    ['other', 222222],
  ] as const) {
    const { rows } = await db.query<{ id: number; slug: string }>(
      `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id, images, description_pt)
       VALUES ($1, $2, $3, $3, $4, 2, 7, $5, (SELECT min(id) FROM categories), '[{"url":"/favicon.svg"}]', '<p>Primeira descrição</p>')
       RETURNING id, slug`,
      [`KO-${key}-${tag}`, `kept-${key}-${tag}`, `Kept ${key} ${tag}`, price, brand.rows[0]!.id],
    );
    ids[key] = rows[0]!.id;
    slugs[key] = rows[0]!.slug;
  }
});

async function getHtml(pathname: string): Promise<string> {
  const response = await api(pathname);
  expect(response.status).toBe(200);
  return response.text();
}

function getCard(html: string, id: number): string {
  const card = new RegExp(`<article[^>]*data-product-id="${id}"[^>]*>[\\s\\S]*?</article>`).exec(html)?.[0];
  if (!card) throw new Error(`no card for product ${id}`);
  return card;
}

describe('kept product cards and product page parts', () => {
  it('a card follows a price, stock and name change on the next request', async () => {
    const listing = `/marca/${brandSlug}`;
    await getHtml(listing); // renders and keeps the card
    const before = getCard(await getHtml(listing), ids.main);
    expect(before).toContain(`Kept main ${tag}`);
    expect(before).toContain('1.234,56');
    expect(before).not.toContain('Esgotado');
    expect(before).toContain('data-stock="7"');
    const productPage = `/produto/${slugs.other}`;
    expect(getCard(await getHtml(productPage), ids.main)).toContain(`Kept main ${tag}`); // its related row, kept

    // One field at a time: each alone must reach the next page.
    await writeSilently("UPDATE products SET name_pt = 'Renamed ' || $2 WHERE id = $1", [ids.main, tag]);
    const renamed = getCard(await getHtml(listing), ids.main);
    expect(renamed).toContain(`Renamed ${tag}`);
    expect(renamed).not.toContain(`Kept main ${tag}`);
    await writeSilently('UPDATE products SET price_minor = 765432 WHERE id = $1', [ids.main]);
    expect(getCard(await getHtml(listing), ids.main)).toContain('7.654,32');
    await writeSilently('UPDATE products SET stock = 3 WHERE id = $1', [ids.main]);
    expect(getCard(await getHtml(listing), ids.main)).toContain('data-stock="3"');
    // The related row on the other product's page shows the same new card content.
    const related = getCard(await getHtml(productPage), ids.main);
    expect(related).toContain(`Renamed ${tag}`);
    expect(related).toContain('7.654,32');

    await writeSilently('UPDATE products SET stock = 0 WHERE id = $1', [ids.main]);
    const sold = getCard(await getHtml(listing), ids.main);
    expect(sold).toContain('Esgotado');
    expect(sold).toMatch(/<button[^>]*disabled/);
  });

  it("one kept card returns its add-to-cart form to each page's own address", async () => {
    const search = `/produtos?text=${tag}&ordem=menor-preco`;
    for (const pathname of [`/marca/${brandSlug}`, search, `/marca/${brandSlug}`]) {
      const card = getCard(await getHtml(pathname), ids.other);
      const back = /name="redirect" value="([^"]*)"/.exec(card)?.[1];
      expect(back).toBe(pathname.replaceAll('&', '&amp;'));
    }
  });

  it("the product page's description follows a change on the next request", async () => {
    const page = `/produto/${slugs.other}`;
    expect(await getHtml(page)).toContain('Primeira descrição');
    await writeSilently("UPDATE products SET description_pt = '<p>Segunda descrição</p>' WHERE id = $1", [ids.other]);
    const html = await getHtml(page);
    expect(html).toContain('Segunda descrição');
    expect(html).not.toContain('Primeira descrição');
  });
});
