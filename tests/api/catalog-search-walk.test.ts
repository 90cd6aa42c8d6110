import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogService } from '#server/catalog/service.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { insertGeneratedProducts, seedDemoCatalogue } from '#server/db/seed/demo-catalogue.ts';
import { getTestDb } from '../support/api.ts';
import { createTestPool } from '../support/test-pool.ts';

// Searches with more matches than the relevance limit walk the ordered index (decision 0100).
// A database of its own: 1,200 products, the older half named "Sonda Alfa", the newer half
// "Sonda Beta", so a search for "sonda alfa" finds all its matches at the far end of the walk
// (the walk's cap runs out and the text index must answer) and "sonda" finds them everywhere.
const ALFA = 600;
const PRODUCTS = 1_200;

let pool: pg.Pool;
let databaseName: string;

async function expectedIds(tsquery: string, order: string, limit: number, offset: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM products WHERE search_es @@ to_tsquery('simple', $1) ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [tsquery, limit, offset],
  );
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  const testDb = getTestDb();
  databaseName = `fronteira_walk_${Date.now().toString(36)}_${process.pid}`;
  await testDb.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL((testDb as unknown as { options: { connectionString: string } }).options.connectionString);
  url.pathname = `/${databaseName}`;
  pool = createTestPool({ connectionString: url.toString(), max: 4 });
  await runMigrations(pool);
  await seedDemoCatalogue(pool, { products: 0 });
  await insertGeneratedProducts(pool, 0, PRODUCTS);
  await pool.query(
    `UPDATE products p SET name_es = CASE WHEN r.n <= $1 THEN 'Sonda Alfa ' ELSE 'Sonda Beta ' END || p.code,
       name_pt = CASE WHEN r.n <= $1 THEN 'Sonda Alfa ' ELSE 'Sonda Beta ' END || p.code
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products) r WHERE r.id = p.id`,
    [ALFA],
  );
  await pool.query('ANALYZE products');
}, 120_000);

afterAll(async () => {
  await pool?.end();
  // Without FORCE: terminating sessions raised an uncaught error in this worker. The run's
  // PostgreSQL goes away with the run, so a database still in use is simply left behind.
  await getTestDb()
    .query(`DROP DATABASE IF EXISTS ${databaseName}`)
    .catch(() => undefined);
});

describe('search with many matches', () => {
  it('gives the same pages as reading every match, newest in stock first, with matches everywhere', async () => {
    const catalog = createCatalogService({ db: pool });
    for (const page of [1, 2, 30]) {
      const result = await catalog.listProducts({ text: 'sonda', lang: 'es', per_page: 20, page });
      expect(result.total).toBe(PRODUCTS);
      expect(result.data.map((p) => p.id)).toEqual(await expectedIds('sonda:*', 'in_stock DESC, id DESC', 20, (page - 1) * 20));
    }
  });

  it('still finds every page when all the matches sit at the far end of the index order', async () => {
    const catalog = createCatalogService({ db: pool });
    for (const page of [1, 7, 30]) {
      const result = await catalog.listProducts({ text: 'sonda alfa', lang: 'es', per_page: 20, page });
      expect(result.total).toBe(ALFA);
      expect(result.data.map((p) => p.id)).toEqual(await expectedIds('sonda:* & alfa:*', 'in_stock DESC, id DESC', 20, (page - 1) * 20));
      expect(result.data.every((p) => p.nome.startsWith('Sonda Alfa'))).toBe(true);
    }
  });

  it('orders many matches by price when asked, and keeps filters', async () => {
    const catalog = createCatalogService({ db: pool });
    const byPrice = await catalog.listProducts({
      text: 'sonda beta',
      lang: 'es',
      per_page: 20,
      page: 2,
      order_by: 'valor_venda',
      order: 'asc',
    });
    expect(byPrice.data.map((p) => p.id)).toEqual(await expectedIds('sonda:* & beta:*', 'in_stock DESC, price_minor ASC, id ASC', 20, 20));
    const inStock = await catalog.listProducts({ text: 'sonda', lang: 'es', per_page: 20, page: 1, tem_estoque: true });
    expect(inStock.data.every((p) => p.tem_estoque)).toBe(true);
  });
});
