import type { Brand, Category, ExchangeRate, Product, ProductList, Seller } from '../../lib/contract/catalog.ts';
import { formatPrice, convertMinor, isCurrencyId, toMajor, CURRENCIES } from '../../lib/money.ts';
import { getPool } from '../../server/db/client.ts';

/**
 * What the catalogue pages read. TEMPORARY implementation over SQL until the catalogue
 * service (src/server/catalog) lands; then this delegates to it.
 */
export interface ProductsRequest {
  text?: string;
  category_id?: number;
  department_id?: number;
  brand_id?: number;
  brands_ids?: number[];
  tem_estoque?: boolean;
  all_products?: boolean;
  page: number;
  per_page: number;
  order_by?: 'id' | 'valor_venda' | 'nome';
  order?: 'asc' | 'desc';
  lang: 'pt' | 'es';
  moeda_id?: number;
}

export interface CatalogReader {
  listCategories(lang: 'pt' | 'es', special: boolean): Promise<Category[]>;
  /** All brands, or those with products in one category. */
  listBrands(lang: 'pt' | 'es', categoryId?: number): Promise<Brand[]>;
  listProducts(request: ProductsRequest): Promise<ProductList>;
  getProduct(idOrSlug: string, lang: 'pt' | 'es', currencyId?: number): Promise<Product | null>;
  listTeam(lang: 'pt' | 'es'): Promise<Seller[]>;
  getExchangeRates(): Promise<ExchangeRate[]>;
}

async function getRates(): Promise<ExchangeRate[]> {
  const { rows } = await getPool().query('SELECT r.source_currency_id, r.target_currency_id, r.rate, c.decimals, c.symbol FROM exchange_rates r JOIN currencies c ON c.id = r.target_currency_id');
  return rows.map((r) => ({ source_currency: { id: r.source_currency_id }, target_currency: { id: r.target_currency_id, decimals: r.decimals, simbolo: r.symbol }, tax: Number(r.rate) }));
}

const PRODUCT_SELECT = `SELECT p.*, b.name AS brand_name, b.slug AS brand_slug, c.slug AS category_slug, c.name_pt AS category_pt, c.name_es AS category_es,
  d.id AS dep_id, d.slug AS dep_slug, d.name_pt AS dep_pt, d.name_es AS dep_es
  FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id LEFT JOIN departments d ON d.id = p.department_id`;

function toProduct(row: Record<string, any>, lang: 'pt' | 'es', rates: ExchangeRate[], currencyId?: number): Product {
  const own = isCurrencyId(row.currency_id) ? row.currency_id : 2;
  const target = currencyId && isCurrencyId(currencyId) ? currencyId : own;
  const minor = convertMinor(Number(row.price_minor), own, target, rates);
  return {
    id: row.id, slug: row.slug, nome: row[`name_${lang}`], codigo: row.code, code: row.code,
    valor_venda: toMajor(Number(row.price_minor), own),
    preco_atual: { valor_venda: toMajor(minor, target), formatado: formatPrice(minor, target), moeda_id: target },
    moeda: { id: own, simbolo: CURRENCIES[own].symbol, decimals: CURRENCIES[own].decimals },
    imagens: row.images, qtde_disponivel: row.stock, tem_estoque: row.stock > 0, tem_estoque_fisico: row.physical_stock,
    mostrar_preco: row.show_price, descritivo: row[`summary_${lang}`], caracteristica: row[`description_${lang}`] ?? '',
    marca: { id: row.brand_id, nome: row.brand_name, slug: row.brand_slug },
    categoria: { id: row.category_id, name: row[`category_${lang}`], slug: row.category_slug },
    departamento: row.dep_id ? { id: row.dep_id, name: row[`dep_${lang}`], slug: row.dep_slug } : null,
    especificacoes: [], token: row.token,
  };
}

const sqlReader: CatalogReader = {
  async listCategories(lang, special) {
    const db = getPool();
    const { rows } = await db.query('SELECT * FROM categories WHERE special = $1 ORDER BY position, id', [special]);
    const { rows: deps } = await db.query('SELECT * FROM departments ORDER BY position, id');
    return rows.map((c) => ({
      id: c.id, name: c[`name_${lang}`], slug: c.slug, icone: c.icon_svg, visivel_menu: c.menu_visible, special: c.special,
      departments: deps.filter((d) => d.category_id === c.id).map((d) => ({ id: d.id, name: d[`name_${lang}`], slug: d.slug, icone: d.icon_svg })),
    }));
  },
  async listBrands(_lang, categoryId) {
    const { rows } = categoryId
      ? await getPool().query('SELECT * FROM brands b WHERE EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id AND p.category_id = $1) ORDER BY position, name', [categoryId])
      : await getPool().query('SELECT * FROM brands ORDER BY position, name');
    return rows.map((b) => ({ id: b.id, slug: b.slug, name: b.name, nome: b.name, logo: b.logo_url }));
  },
  async listProducts(request) {
    const where: string[] = [];
    const values: unknown[] = [];
    const add = (sql: string, value: unknown) => { values.push(value); where.push(sql.replace('$?', `$${values.length}`)); };
    if (request.text) add(`(p.name_${request.lang} ILIKE $? OR p.code ILIKE $?)`.replace('$?', '$?'), `%${request.text}%`);
    if (request.text) where[where.length - 1] = `(p.name_${request.lang} ILIKE $${values.length} OR p.code ILIKE $${values.length})`;
    if (request.category_id) add('p.category_id = $?', request.category_id);
    if (request.department_id) add('p.department_id = $?', request.department_id);
    if (request.brand_id) add('p.brand_id = $?', request.brand_id);
    if (request.brands_ids?.length) add('p.brand_id = ANY($?)', request.brands_ids);
    if (request.tem_estoque) where.push('p.stock > 0');
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const field = request.order_by === 'valor_venda' ? 'p.price_minor' : request.order_by === 'nome' ? `p.name_${request.lang}` : 'p.id';
    const dir = request.order === 'asc' ? 'ASC' : 'DESC';
    const db = getPool();
    const { rows: [{ count }] } = await db.query(`SELECT count(*)::int AS count FROM products p ${clause}`, values);
    const { rows } = await db.query(`${PRODUCT_SELECT} ${clause} ORDER BY (p.stock > 0) DESC, ${field} ${dir}, p.id DESC LIMIT ${request.per_page} OFFSET ${(request.page - 1) * request.per_page}`, values);
    const rates = await getRates();
    return { data: rows.map((r) => toProduct(r, request.lang, rates, request.moeda_id)), total: count };
  },
  async getProduct(idOrSlug, lang, currencyId) {
    const numeric = /^\d+$/.test(idOrSlug);
    const { rows } = await getPool().query(`${PRODUCT_SELECT} WHERE ${numeric ? 'p.id = $1' : 'p.slug = $1'}`, [numeric ? Number(idOrSlug) : idOrSlug]);
    if (!rows[0]) return null;
    const { rows: specs } = await getPool().query('SELECT * FROM product_specifications WHERE product_id = $1 ORDER BY position', [rows[0].id]);
    const product = toProduct(rows[0], lang, await getRates(), currencyId);
    return { ...product, especificacoes: specs.map((s) => ({ nome: s[`name_${lang}`], valor: s[`value_${lang}`] })) };
  },
  async listTeam(lang) {
    const { rows } = await getPool().query('SELECT * FROM sellers ORDER BY position, id');
    return rows.map((s) => ({ id: s.id, nome: s.name, funcao: s[`role_${lang}`], whatsapp: s.whatsapp, foto: s.photo_url }));
  },
  getExchangeRates: getRates,
};

export function getCatalogReader(): CatalogReader {
  return sqlReader;
}
