import type pg from 'pg';

/**
 * Bootstrap catalogue: just enough rows for the shop to render. The catalogue issue replaces
 * this with the full deterministic generator (600 products, 25 brands, 12 categories).
 */
export async function seedDemoCatalogue(pool: pg.Pool, _options: { products: number }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`INSERT INTO exchange_rates (source_currency_id, target_currency_id, rate) VALUES
      (2, 1, 5.4), (2, 2, 1), (2, 3, 7300), (2, 4, 1180)`);
    await client.query(`INSERT INTO brands (slug, name) VALUES ('makita', 'Makita'), ('bosch', 'Bosch')`);
    await client.query(`INSERT INTO categories (slug, name_pt, name_es) VALUES ('ferramentas-eletricas', 'Ferramentas Elétricas', 'Herramientas Eléctricas')`);
    await client.query(`INSERT INTO departments (category_id, slug, name_pt, name_es) VALUES (1, 'furadeiras', 'Furadeiras', 'Taladros')`);
    await client.query(`INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id, department_id) VALUES
      ('MK-HP1640', 'furadeira-de-impacto-makita-hp1640', 'Furadeira de Impacto Makita HP1640', 'Taladro Percutor Makita HP1640', 8990, 12, 1, 1, 1),
      ('BO-GSB13', 'furadeira-de-impacto-bosch-gsb-13-re', 'Furadeira de Impacto Bosch GSB 13 RE', 'Taladro Percutor Bosch GSB 13 RE', 7450, 0, 2, 1, 1)`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
