import type { Queryable } from '../db/client.ts';

export interface SitemapPageRow {
  slug: string;
  /** ISO 8601; null for a brand without products. */
  lastmod: string | null;
}

/** Every product page, by id so the order is stable between requests. */
export async function getSitemapProducts(db: Queryable): Promise<SitemapPageRow[]> {
  const { rows } = await db.query<SitemapPageRow>(
    `SELECT slug, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod FROM products WHERE active ORDER BY id`,
  );
  return rows;
}

/** Every brand page; it changes when one of its products does. */
export async function getSitemapBrands(db: Queryable): Promise<SitemapPageRow[]> {
  const { rows } = await db.query<SitemapPageRow>(
    `SELECT b.slug, to_char(max(p.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       FROM brands b LEFT JOIN products p ON p.brand_id = b.id
      GROUP BY b.id, b.slug, b.position ORDER BY b.position, b.id`,
  );
  return rows;
}

export interface SpecialPageRow {
  brand_slug: string;
  category_slug: string;
  lastmod: string;
}

/** Every brand with products in a special category, per category: the /especial pages by brand. */
export async function getSitemapSpecialPairs(db: Queryable): Promise<SpecialPageRow[]> {
  const { rows } = await db.query<SpecialPageRow>(
    `SELECT b.slug AS brand_slug, c.slug AS category_slug,
            to_char(max(p.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
      WHERE p.active AND c.special
      GROUP BY b.id, b.slug, b.position, c.id, c.slug ORDER BY b.position, b.id, c.id`,
  );
  return rows;
}
