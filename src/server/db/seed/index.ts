import type pg from 'pg';
import { seedDemoCatalogue } from './demo-catalogue.ts';

export const DEMO_PRODUCT_COUNT = 600;

/** Seeds the demo catalogue when the database has no product yet. */
export async function seedIfEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ count: number }>('SELECT count(*) AS count FROM products');
  if ((rows[0]?.count ?? 0) > 0) return false;
  await seedDemoCatalogue(pool, { products: DEMO_PRODUCT_COUNT });
  return true;
}
