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
