// The catalogue pages the bench and `npm run perf` measure, picked from a seeded database: a
// product in stock, the first listing of the menu, a search listing and the home.
import pg from 'pg';

/** @param {string} databaseUrl */
export async function getCataloguePages(databaseUrl) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const {
      rows: [product],
    } = await db.query('SELECT slug FROM products WHERE stock > 0 ORDER BY id LIMIT 1');
    const {
      rows: [category],
    } = await db.query('SELECT slug FROM categories WHERE menu_visible AND NOT special ORDER BY position, id LIMIT 1');
    return { product: `/produto/${product.slug}`, listing: `/produtos/${category.slug}`, search: '/produtos?text=furadeira', home: '/' };
  } finally {
    await db.end();
  }
}
