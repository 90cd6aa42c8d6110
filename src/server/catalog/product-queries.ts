import type { ApiLang, Product, ProductList, ProductsQuery } from '../../lib/contract/catalog.ts';
import type { CurrencyId } from '../../lib/locale.ts';
import type { RateLike } from '../../lib/money.ts';
import type { Queryable } from '../db/client.ts';
import { getProductColumns, PRODUCT_JOINS, toProduct, toProductCard, type ProductDetailRow, type ProductRow } from './product-mapper.ts';
import { toSearchTerms, toTsQuery } from './search.ts';

interface SortKey { expr: string; dir: 'ASC' | 'DESC' }

/**
 * One page of products: in stock first, then the chosen field (spec section 7). With text,
 * the exact code comes first and, unless price or name order was asked for, relevance (name
 * matches weigh more than brand matches) replaces the id order.
 */
export async function listProducts(db: Queryable, query: ProductsQuery, rates: readonly RateLike[]): Promise<ProductList> {
  const lang = query.lang;
  const params: unknown[] = [];
  const bind = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (query.category_id !== undefined) where.push(`p.category_id = ${bind(query.category_id)}`);
  if (query.department_id !== undefined) where.push(`p.department_id = ${bind(query.department_id)}`);
  if (query.brand_id !== undefined) where.push(`p.brand_id = ${bind(query.brand_id)}`);
  if (query.brands_ids !== undefined && query.brands_ids.length > 0) where.push(`p.brand_id = ANY(${bind(query.brands_ids)}::int[])`);
  if (query.tem_estoque === true) where.push('p.stock > 0');

  const orderBy = query.order_by === 'tem_estoque' ? undefined : query.order_by;
  const dir = (query.order ?? (orderBy === undefined || orderBy === 'id' ? 'desc' : 'asc')).toUpperCase() as SortKey['dir'];
  const text = query.text?.trim();
  let q: string | null = null;
  if (text) {
    const tsQuery = await toTsQuery(db, toSearchTerms(text));
    if (!tsQuery) return { data: [], total: 0 };
    q = bind(tsQuery);
    where.push(`p.search_${lang} @@ to_tsquery('simple', ${q})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];

  const keys: SortKey[] = [];
  if (text && q) keys.push({ expr: `(lower(p.code) = lower(${bind(text)}::text))`, dir: 'DESC' });
  keys.push({ expr: '(p.stock > 0)', dir: 'DESC' });
  if (orderBy === 'valor_venda') keys.push({ expr: 'p.price_minor', dir });
  else if (orderBy === 'nome') keys.push({ expr: `catalog_normalize(p.name_${lang})`, dir });
  else if (q) keys.push({ expr: `ts_rank(p.search_${lang}, to_tsquery('simple', ${q}))`, dir: 'DESC' });
  keys.push({ expr: 'p.id', dir });

  const offset = (query.page - 1) * query.per_page;
  const limitSql = `LIMIT ${bind(query.per_page)} OFFSET ${bind(offset)}`;
  // The page is chosen on products alone (index order), then only its rows are joined.
  const pageSql = `SELECT p.id, ${keys.map((k, i) => `${k.expr} AS k${i}`).join(', ')}
    FROM products p ${whereSql} ORDER BY ${keys.map((k) => `${k.expr} ${k.dir}`).join(', ')} ${limitSql}`;
  const [page, count] = await Promise.all([
    db.query<ProductRow>(
      `SELECT ${getProductColumns(lang)} FROM (${pageSql}) page JOIN products p ON p.id = page.id ${PRODUCT_JOINS}
       ORDER BY ${keys.map((k, i) => `page.k${i} ${k.dir}`).join(', ')}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p ${whereSql}`, countParams),
  ]);
  const currency = query.moeda_id as CurrencyId | undefined;
  return { data: page.rows.map((row) => toProductCard(row, rates, currency)), total: count.rows[0]?.total ?? 0 };
}

/** A product by numeric id or slug, with description and specifications; null when absent. */
export async function getProductDetails(
  db: Queryable, idOrSlug: number | string, lang: ApiLang, rates: readonly RateLike[], currency?: CurrencyId,
): Promise<Product | null> {
  const byId = typeof idOrSlug === 'number';
  const { rows } = await db.query<ProductDetailRow>(
    `SELECT ${getProductColumns(lang)}, p.description_${lang} AS description,
       (SELECT json_agg(json_build_object('nome', s.name_${lang}, 'valor', s.value_${lang}) ORDER BY s.position)
          FROM product_specifications s WHERE s.product_id = p.id) AS specs
     FROM products p ${PRODUCT_JOINS}
     WHERE ${byId ? 'p.id = $1' : 'p.slug = $1'}`,
    [idOrSlug],
  );
  const row = rows[0];
  return row ? toProduct(row, rates, currency) : null;
}
