import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, getTestDb } from '../support/api.ts';

/**
 * Issue 21: the home reads its two product rows in one statement and remembers them at the
 * product_rows_state version (migration 0910), which that statement reads back. The writes below
 * turn the tables' ordinary triggers off (no change notice, nothing emptied): only the version,
 * whose triggers fire always, can bring the new name, price and stock to the next home.
 */

let tag = '';
let productId = 0;
let homePath = '';

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
  // The home's first category (menu order), asked for by name: the newest product of a category
  // leads its row.
  const {
    rows: [category],
  } = await db.query<{ id: number; slug: string }>(
    'SELECT id, slug FROM categories WHERE menu_visible AND NOT special ORDER BY position, id LIMIT 1',
  );
  homePath = `/?categoria=${encodeURIComponent(category!.slug)}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id, images)
     VALUES ($1, $1, $2, $2, 123456, 2, 7, (SELECT min(id) FROM brands), $3, '[{"url":"/favicon.svg"}]') RETURNING id`,
    [`home-fresh-${tag}`, `Home fresh ${tag}`, category!.id],
  );
  productId = rows[0]!.id;
});

afterAll(async () => {
  await getTestDb().query('DELETE FROM products WHERE id = $1', [productId]);
});

async function getHomeCard(): Promise<string> {
  const response = await api(homePath, { headers: { 'x-device-class': 'desktop' } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const card = new RegExp(`<article[^>]*data-product-id="${productId}"[^>]*>[\\s\\S]*?</article>`).exec(html)?.[0];
  if (!card) throw new Error(`no card for product ${productId} on ${homePath}`);
  return card;
}

describe('the home product rows kept in memory', () => {
  it('show a name, price and stock changed in plain SQL without a notice on the next request', async () => {
    await getHomeCard(); // read and remembered
    const before = await getHomeCard(); // from what was remembered
    expect(before).toContain(`Home fresh ${tag}`);
    expect(before).toContain('1.234,56');
    expect(before).toContain('data-stock="7"');

    await writeSilently("UPDATE products SET name_pt = 'Renamed home ' || $2 WHERE id = $1", [productId, tag]);
    const renamed = await getHomeCard();
    expect(renamed).toContain(`Renamed home ${tag}`);
    expect(renamed).not.toContain(`Home fresh ${tag}`);
    await writeSilently('UPDATE products SET price_minor = 765432 WHERE id = $1', [productId]);
    expect(await getHomeCard()).toContain('7.654,32');
    await writeSilently('UPDATE products SET stock = 3 WHERE id = $1', [productId]);
    expect(await getHomeCard()).toContain('data-stock="3"');
  });

  it('drops a product taken off the shop in plain SQL from the next home', async () => {
    await getHomeCard();
    await writeSilently('UPDATE products SET active = false WHERE id = $1', [productId]);
    const html = await (await api(homePath, { headers: { 'x-device-class': 'desktop' } })).text();
    expect(html).toContain('data-product-id=');
    expect(html).not.toContain(`data-product-id="${productId}"`);
    await writeSilently('UPDATE products SET active = true WHERE id = $1', [productId]);
    expect(await getHomeCard()).toContain('data-stock="3"');
  });
});
