import type { Queryable } from '../db/client.ts';
import { stockColumnSql } from '../inventory/index.ts';

/**
 * The catalogue settings' SQL (products, categories, departments, exchange rates). Rows carry
 * `version`, the row's xmin: any committed change of the row (a panel edit, an import, a sale
 * taking stock) gives it a new one, so a form sent with an old version is refused, not applied.
 */

export interface ProductListRow {
  id: number;
  code: string;
  name_pt: string;
  name_es: string;
  price_minor: string;
  currency_id: number;
  stock: number;
  show_price: boolean;
  active: boolean;
}

export interface ProductEditRow extends ProductListRow {
  slug: string;
  description_pt: string;
  description_es: string;
  version: string;
}

export interface ProductChange {
  price_minor: number;
  currency_id: number;
  stock: number;
  show_price: boolean;
  active: boolean;
  name_pt: string;
  name_es: string;
  description_pt: string;
  description_es: string;
}

const LIST_COLUMNS = `p.id, p.code, p.name_pt, p.name_es, p.price_minor, p.currency_id, ${stockColumnSql('p')} AS stock, p.show_price, p.active`;
const EDIT_COLUMNS = `${LIST_COLUMNS}, p.slug, p.description_pt, p.description_es, p.xmin::text AS version`;

/** A page of products whose code or name (either language) contains `text`; the exact code first. */
export async function searchProducts(
  db: Queryable,
  text: string,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: ProductListRow[] }> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = `$1 = '' OR p.code ILIKE $2 OR p.name_pt ILIKE $2 OR p.name_es ILIKE $2`;
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p WHERE ${where}`, [text, pattern]),
    db.query<ProductListRow>(
      `SELECT ${LIST_COLUMNS} FROM products p WHERE ${where} ORDER BY lower(p.code) = lower($1) DESC, p.id LIMIT $3 OFFSET $4`,
      [text, pattern, limit, offset],
    ),
  ]);
  return { total: count.rows[0]?.total ?? 0, rows: page.rows };
}

export async function getProduct(db: Queryable, id: number, { lock = false } = {}): Promise<ProductEditRow | null> {
  const { rows } = await db.query<ProductEditRow>(`SELECT ${EDIT_COLUMNS} FROM products p WHERE p.id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** Everything of the panel's product edit but its stock (the inventory's, set in the same transaction). */
export async function updateProduct(tx: Queryable, id: number, change: ProductChange): Promise<void> {
  await tx.query(
    `UPDATE products SET price_minor = $2, currency_id = $3, show_price = $4, active = $5,
            name_pt = $6, name_es = $7, description_pt = $8, description_es = $9 WHERE id = $1`,
    [
      id,
      change.price_minor,
      change.currency_id,
      change.show_price,
      change.active,
      change.name_pt,
      change.name_es,
      change.description_pt,
      change.description_es,
    ],
  );
}

/** The id of the product with this code, or null. */
export async function findProductIdByCode(db: Queryable, code: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM products WHERE code = $1', [code]);
  return rows[0]?.id ?? null;
}

/** Archived: out of the storefront (listings, search, product page), kept for the orders that name it. */
export async function archiveProduct(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE products SET active = false WHERE id = $1', [id]);
}

export interface TaxonomyRow {
  id: number;
  name_pt: string;
  name_es: string;
  icon_svg: string | null;
  position: number;
  version: string;
}
export interface CategoryRow extends TaxonomyRow {
  slug: string;
  menu_visible: boolean;
  special: boolean;
}
export interface DepartmentRow extends TaxonomyRow {
  category_id: number;
  slug: string;
}
export interface TaxonomyChange {
  name_pt: string;
  name_es: string;
  icon_svg: string | null;
  position: number;
  menu_visible?: boolean;
}

const TAXONOMY_COLUMNS = 'id, slug, name_pt, name_es, icon_svg, position, xmin::text AS version';

export async function listCategories(db: Queryable): Promise<{ categories: CategoryRow[]; departments: DepartmentRow[] }> {
  const [categories, departments] = await Promise.all([
    db.query<CategoryRow>(`SELECT ${TAXONOMY_COLUMNS}, menu_visible, special FROM categories ORDER BY position, id`),
    db.query<DepartmentRow>(`SELECT ${TAXONOMY_COLUMNS}, category_id FROM departments ORDER BY category_id, position, id`),
  ]);
  return { categories: categories.rows, departments: departments.rows };
}

export async function lockCategory(tx: Queryable, id: number): Promise<CategoryRow | null> {
  const { rows } = await tx.query<CategoryRow>(
    `SELECT ${TAXONOMY_COLUMNS}, menu_visible, special FROM categories WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function lockDepartment(tx: Queryable, id: number): Promise<DepartmentRow | null> {
  const { rows } = await tx.query<DepartmentRow>(`SELECT ${TAXONOMY_COLUMNS}, category_id FROM departments WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

export async function updateCategory(tx: Queryable, id: number, change: TaxonomyChange): Promise<void> {
  await tx.query('UPDATE categories SET name_pt = $2, name_es = $3, icon_svg = $4, position = $5, menu_visible = $6 WHERE id = $1', [
    id,
    change.name_pt,
    change.name_es,
    change.icon_svg,
    change.position,
    change.menu_visible ?? true,
  ]);
}

export async function updateDepartment(tx: Queryable, id: number, change: TaxonomyChange): Promise<void> {
  await tx.query('UPDATE departments SET name_pt = $2, name_es = $3, icon_svg = $4, position = $5 WHERE id = $1', [
    id,
    change.name_pt,
    change.name_es,
    change.icon_svg,
    change.position,
  ]);
}

export interface RateRow {
  currency_id: number;
  rate: string;
  updated_at: Date;
  version: string;
}
export interface RateHistoryRow {
  currency_id: number;
  rate: string;
  set_at: Date;
  staff_email: string | null;
}

/** The current USD rates (source 2), one row per target currency. */
export async function listRates(db: Queryable, { lock = false } = {}): Promise<RateRow[]> {
  const { rows } = await db.query<RateRow>(
    `SELECT target_currency_id AS currency_id, rate::text AS rate, updated_at, xmin::text AS version
       FROM exchange_rates WHERE source_currency_id = 2 ORDER BY target_currency_id${lock ? ' FOR UPDATE' : ''}`,
  );
  return rows;
}

export async function listRateHistory(db: Queryable, limit: number): Promise<RateHistoryRow[]> {
  const { rows } = await db.query<RateHistoryRow>(
    `SELECT target_currency_id AS currency_id, rate::text AS rate, set_at, staff_email
       FROM exchange_rate_history WHERE source_currency_id = 2 ORDER BY set_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Creates or sets one USD rate; the history row is the trigger's (migration 0830), naming the staff member or API key. */
export async function setRate(
  tx: Queryable,
  currencyId: number,
  rate: string,
  at: Date,
  staff: { id: number | null; email: string },
): Promise<void> {
  await tx.query(`SELECT set_config('fronteira.staff_id', $1, true), set_config('fronteira.staff_email', $2, true)`, [
    staff.id === null ? '' : String(staff.id),
    staff.email,
  ]);
  await tx.query(
    `INSERT INTO exchange_rates (source_currency_id, target_currency_id, rate, updated_at) VALUES (2, $1, $2::numeric, $3)
     ON CONFLICT (source_currency_id, target_currency_id) DO UPDATE SET rate = EXCLUDED.rate, updated_at = EXCLUDED.updated_at`,
    [currencyId, rate, at],
  );
}
