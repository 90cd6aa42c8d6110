import type { ApiLang, BannerType, Product, ProductCard, ProductList, ProductsQuery } from '#lib/contract/catalog.ts';
import type { CurrencyId } from '#lib/locale.ts';
import type { RateLike } from '#lib/money.ts';
import { createCache, createCachePerOwner, type Cache } from '../cache/index.ts';
import { toPreparedQuery, type Queryable } from '../db/client.ts';
import { getProductColumns, PRODUCT_JOINS, toProduct, toProductCard, type ProductDetailRow, type ProductRow } from './product-mapper.ts';
import { isSafeText, toId } from '#lib/contract/input.ts';

/** At most this many words of a query are used; longer words are cut. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * Splits a shopper's query into search terms the way the database normalises names
 * (catalog_normalize): lower case, accents removed, anything but letters and digits a separator.
 */
export function toSearchTerms(text: string): string[] {
  const normalized = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const terms = normalized
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.slice(0, MAX_TERM_LENGTH));
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/** Words shorter than this are only matched as prefixes, never corrected. */
const MIN_CORRECTABLE = 4;
/** Trigram similarity a known word needs to replace a misspelt term. */
const MIN_SIMILARITY = 0.4;

/**
 * Builds the tsquery text ('makita:* & furadeira:*') for the terms: each term is a prefix;
 * a term of 4+ letters (no digits: codes are never corrected) that starts no known word is replaced by the closest known word by
 * trigram similarity (one typo: "furadiera" -> "furadeira"), when one is close enough. With the
 * catalogue version it was read at (search_words changes with names, which bump it).
 */
async function toTsQuery(db: Queryable, terms: string[]): Promise<{ tsQuery: string; version: number | null }> {
  // Prefix test by byte range on the text_pattern_ops index; the nearest word (pure GiST KNN,
  // its similarity checked after) only for a term that starts no word.
  const { rows } = await db.query<{ term: string; version: number | null }>(
    toPreparedQuery(
      `SELECT CASE
       WHEN length(t.term) < $2 OR t.term ~ '[0-9]'
         OR EXISTS (SELECT 1 FROM search_words w WHERE w.word ~>=~ t.term AND w.word ~<~ (t.term || '{')) THEN t.term
       ELSE coalesce((SELECT near.word FROM (SELECT w.word FROM search_words w ORDER BY w.word <-> t.term LIMIT 1) near
                      WHERE similarity(near.word, t.term) >= $3), t.term)
     END AS term, (SELECT version FROM catalog_state) AS version
     FROM unnest($1::text[]) WITH ORDINALITY AS t(term, n)
     ORDER BY t.n`,
      [terms, MIN_CORRECTABLE, MIN_SIMILARITY],
    ),
  );
  // Terms hold only [a-z0-9] (toSearchTerms), so they are safe as tsquery lexemes.
  return { tsQuery: rows.map((row) => `${row.term}:*`).join(' & '), version: rows[0]?.version ?? null };
}

interface SortKey {
  expr: string;
  dir: 'ASC' | 'DESC';
}

/**
 * Above this many matches relevance ordering is skipped (in stock first, then newest), and the
 * page is found by walking the ordered index and testing the text on the way (searchWalkSql).
 */
export const RANK_LIMIT = 500;

/** What a filter matches, apart from stock: its total, the product whose code is the text, and (for the walk) all products. */
interface ListingFacts {
  total: number;
  exactId: number | null;
  allProducts: number | null;
}

/**
 * Per database, what listings learnt at one catalogue version (catalog_state, bumped by triggers
 * on any change of names, codes, brands, categories, departments or `active`; stock changes do not
 * bump it): filter facts and corrected search terms. Nothing is trusted blindly: the statement
 * that reads the page also reads the version, and a page read with facts of another version is
 * read again from scratch (decision 0004). So a listing costs one round trip once its filter was
 * seen (a search two: its terms are corrected first), and totals are never stale.
 */
interface ListingMemory {
  version: number | null;
  facts: Cache<string, ListingFacts>;
  terms: Cache<string, string>;
}
const memories = new WeakMap<Queryable, ListingMemory>();
/** The version decides what is stale: no catalogue change needs to reach these. */
const MEMORY_OPTIONS = { maxEntries: 10_000, listens: false } as const;

function getMemory(db: Queryable): ListingMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = {
      version: null,
      facts: createCache({ name: 'listing-facts', ...MEMORY_OPTIONS }),
      terms: createCache({ name: 'search-terms', ...MEMORY_OPTIONS }),
    };
    memories.set(db, memory);
  }
  return memory;
}

/** Records the version a statement saw; what was learnt at another one is forgotten. */
function seeVersion(memory: ListingMemory, version: number | null): void {
  if (version === memory.version) return;
  memory.version = version;
  memory.facts.clear();
  memory.terms.clear();
}

async function getCatalogVersion(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ version: number }>(toPreparedQuery('SELECT version FROM catalog_state', []));
  return rows[0]?.version ?? null;
}

/** The facts of one filter, with the version they were read at, in one statement. */
async function readListingFacts(db: Queryable, whereSql: string, params: unknown[], text: string | undefined) {
  const values = [...params];
  const exact = text
    ? `(SELECT p.id FROM products p ${whereSql} AND lower(p.code) = lower($${values.push(text)}::text) LIMIT 1)`
    : 'NULL::int';
  const all = text ? `CASE WHEN m.total > ${RANK_LIMIT} THEN (SELECT count(*)::int FROM products) END` : 'NULL::int';
  const { rows } = await db.query<{ version: number | null; total: number; exact_id: number | null; all_products: number | null }>(
    `WITH m AS (SELECT count(*)::int AS total FROM products p ${whereSql})
     SELECT (SELECT version FROM catalog_state) AS version, m.total, ${exact} AS exact_id, ${all} AS all_products FROM m`,
    values,
  );
  const row = rows[0];
  return {
    version: row?.version ?? null,
    facts: { total: row?.total ?? 0, exactId: row?.exact_id ?? null, allProducts: row?.all_products ?? null },
  };
}

/**
 * One page of products: in stock first, then the chosen field (spec section 7). With text,
 * the product whose code is exactly the text comes first, then in stock first, then (unless
 * price or name order was asked for) relevance: name matches weigh more than brand matches.
 */
/** The public call's query, plus what the shop's own listings add: only these categories (/especial by brand). */
export interface ProductsFilter extends ProductsQuery {
  category_ids?: readonly number[] | undefined;
}

export async function listProducts(db: Queryable, query: ProductsFilter, rates: readonly RateLike[]): Promise<ProductList> {
  const memory = getMemory(db);
  return (
    (await readListing(db, query, rates, memory, true)) ?? (await readListing(db, query, rates, memory, false)) ?? { data: [], total: 0 }
  );
}

/**
 * The listing, using what `memory` knows when `useMemory`; null when what it used turned out to
 * be of another catalogue version than the page read (the caller reads it again without memory).
 */
async function readListing(
  db: Queryable,
  query: ProductsFilter,
  rates: readonly RateLike[],
  memory: ListingMemory,
  useMemory: boolean,
): Promise<ProductList | null> {
  // The version of what was taken from memory (undefined: nothing was); all must be of one.
  let pinned: number | null | undefined;
  const recall = <T>(cache: Cache<string, T>, key: string | null): T | undefined => {
    if (!useMemory || key === null || memory.version === null) return undefined;
    const value = cache.get(key);
    if (value === undefined) return undefined;
    if (pinned === undefined) pinned = memory.version;
    return pinned === memory.version ? value : undefined;
  };
  const lang = query.lang;
  const params: unknown[] = [];
  const bind = (value: unknown) => `$${params.push(value)}`;
  // Products an admin took off the shop (issue 20) are in no listing.
  const where: string[] = ['p.active'];
  if (query.category_id !== undefined) where.push(`p.category_id = ${bind(query.category_id)}`);
  if (query.category_ids !== undefined) where.push(`p.category_id = ANY(${bind(query.category_ids)}::int[])`);
  if (query.department_id !== undefined) where.push(`p.department_id = ${bind(query.department_id)}`);
  if (query.brand_id !== undefined) where.push(`p.brand_id = ${bind(query.brand_id)}`);
  if (query.brands_ids !== undefined && query.brands_ids.length > 0) where.push(`p.brand_id = ANY(${bind(query.brands_ids)}::int[])`);
  if (query.tem_estoque === true) where.push('p.in_stock');

  const orderBy = query.order_by === 'tem_estoque' ? undefined : query.order_by;
  const dir = (query.order ?? (orderBy === undefined || orderBy === 'id' ? 'desc' : 'asc')).toUpperCase() as SortKey['dir'];
  const text = query.text?.trim();
  let q: string | null = null;
  let textCondition = '';
  if (text) {
    const terms = toSearchTerms(text);
    if (terms.length === 0) return { data: [], total: 0 };
    const termsKey = terms.join(' ');
    let tsQuery = recall(memory.terms, termsKey);
    if (tsQuery === undefined) {
      const corrected = await toTsQuery(db, terms);
      seeVersion(memory, corrected.version);
      if (corrected.version !== null) memory.terms.set(termsKey, corrected.tsQuery);
      tsQuery = corrected.tsQuery;
    }
    if (!tsQuery) return { data: [], total: 0 };
    q = bind(tsQuery);
    textCondition = `p.search_${lang} @@ to_tsquery('simple', ${q})`;
    where.push(textCondition);
  }
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const whereParams = [...params];
  // Stock decides the in-stock filter's facts, and stock changes do not bump the version.
  const factsKey = query.tem_estoque === true ? null : `${whereSql}|${JSON.stringify(whereParams)}|${text ?? ''}`;
  let facts = recall(memory.facts, factsKey);
  if (facts === undefined) {
    const read = await readListingFacts(db, whereSql, whereParams, text);
    // Terms recalled from memory must be of the facts' version; then nothing needs checking
    // after (the facts were just read, as the page will be).
    if (pinned !== undefined && pinned !== read.version) {
      seeVersion(memory, read.version);
      return null;
    }
    seeVersion(memory, read.version);
    if (factsKey !== null && read.version !== null) memory.facts.set(factsKey, read.facts);
    facts = read.facts;
    pinned = undefined;
  }
  const { total, exactId, allProducts } = facts;
  const offset = (query.page - 1) * query.per_page;
  if (total === 0 || offset >= total) {
    if (pinned === undefined) return { data: [], total };
    const version = await getCatalogVersion(db);
    if (version === pinned) return { data: [], total };
    seeVersion(memory, version);
    return null;
  }

  const keys: SortKey[] = [{ expr: 'p.in_stock', dir: 'DESC' }];
  if (orderBy === 'valor_venda') keys.push({ expr: 'p.price_minor', dir });
  else if (orderBy === 'nome') keys.push({ expr: `catalog_normalize(p.name_${lang})`, dir });
  else if (q && total <= RANK_LIMIT) keys.push({ expr: `ts_rank(p.search_${lang}, to_tsquery('simple', ${q}))`, dir: 'DESC' });
  keys.push({ expr: 'p.id', dir });

  let limit = query.per_page;
  let skip = offset;
  if (exactId !== null) {
    if (offset === 0) limit -= 1;
    else skip -= 1;
  }
  const exceptExact = exactId === null ? '' : `p.id <> ${bind(exactId)}`;
  const selectKeys = keys.map((k, i) => `${k.expr} AS k${i}`).join(', ');
  const orderKeys = keys.map((k) => `${k.expr} ${k.dir}`).join(', ');
  // The page is chosen on products alone (index order), then only its rows are joined.
  const pageWhere = exceptExact ? `${whereSql} AND ${exceptExact}` : whereSql;
  const walkParams = [...params];
  // Newest first within a filter that has its own (filter, in_stock, id) index (none, category,
  // brand, both; in stock or not; text or not): the best plan is that index whatever the values,
  // so the page's LIMIT and OFFSET are written into the text and PostgreSQL keeps one generic
  // plan of the statement (it costs a parameter LIMIT as a tenth of the table, so it planned
  // every page again: ~0.9 ms of its CPU, more than reading the page). Not for a department
  // (a generic plan took the category's bitmap and sorted) nor a list of brands.
  const pageBounds = toPageBounds(
    (orderBy === undefined || orderBy === 'id') &&
      query.brands_ids === undefined &&
      query.category_ids === undefined &&
      query.department_id === undefined,
    `${whereSql}|${lang}|${dir}|${exactId === null}`,
    limit,
    skip,
  );
  const boundsSql = (bindValue: (value: unknown) => string) =>
    pageBounds ? pageBounds : `LIMIT ${bindValue(limit)} OFFSET ${bindValue(skip)}`;
  const indexedPageSql = `SELECT p.id, ${selectKeys} FROM products p ${pageWhere}
    ORDER BY ${orderKeys} ${boundsSql(bind)}`;
  const indexedParams = [...params];
  const toPageQuery = (prepared: boolean, sql: string, values: unknown[]) =>
    prepared ? toPreparedQuery(sql, values) : { text: sql, values };
  // Each row also carries the catalogue version its statement saw.
  const readPage = (pageSql: string, values: unknown[], prepared: boolean) =>
    db.query<ProductRow & { catalog_version: number | null }>(
      toPageQuery(
        prepared,
        `SELECT ${getProductColumns(lang)}, (SELECT version FROM catalog_state) AS catalog_version
     FROM (${pageSql}) page JOIN products p ON p.id = page.id ${PRODUCT_JOINS}
     ORDER BY ${keys.map((k, i) => `page.k${i} ${k.dir}`).join(', ')}`,
        values,
      ),
    );
  // A filter's page keeps one plan (its index order), and so does a search's walk (the ordered
  // index, whatever the words); a search ranked by relevance is planned for its words.
  const readTextPage = async () => {
    if (!q || total <= RANK_LIMIT) return readPage(indexedPageSql, indexedParams, !q);
    const filters = where.filter((condition) => condition !== textCondition);
    const bindWalk = (value: unknown) => `$${walkParams.push(value)}`;
    const walkSql = searchWalkSql({
      filters,
      exceptExact,
      // The query made once (an InitPlan), not once a row when the plan is the generic one.
      textCondition: `p.search_${lang} @@ (SELECT to_tsquery('simple', ${q}))`,
      keys,
      selectKeys,
      orderKeys,
      bind: bindWalk,
      walkRows: toWalkRows(skip + limit, total, allProducts ?? total),
      bounds: boundsSql(bindWalk),
    });
    const walked = await readPage(walkSql, walkParams, true);
    // A page cut short by the walk's cap (matches crowded at the end of the index order):
    // the text index finds them instead.
    return walked.rows.length >= expected ? walked : readPage(indexedPageSql, indexedParams, false);
  };
  // Rows the page has besides the exact code's product. None (a code that only its product
  // matches): no page to read; its words' index scan cost ~9 ms for common prefixes ("11:*").
  const expected = Math.max(0, Math.min(limit, total - (exactId === null ? 0 : 1) - skip));
  const [page, exact] = await Promise.all([
    expected > 0 ? readTextPage() : Promise.resolve({ rows: [] as (ProductRow & { catalog_version: number | null })[] }),
    exactId !== null && offset === 0
      ? db.query<ProductRow & { catalog_version: number | null }>(
          toPreparedQuery(
            `SELECT ${getProductColumns(lang)}, (SELECT version FROM catalog_state) AS catalog_version
             FROM products p ${PRODUCT_JOINS} WHERE p.id = $1`,
            [exactId],
          ),
        )
      : Promise.resolve({ rows: [] as (ProductRow & { catalog_version: number | null })[] }),
  ]);
  if (pinned !== undefined) {
    // Facts or terms from memory: the page must have been read at their version (a page with no
    // rows, e.g. only the exact code's product, takes it from that product's row or asks).
    const seen = page.rows[0]?.catalog_version ?? exact.rows[0]?.catalog_version ?? (await getCatalogVersion(db));
    if (seen !== pinned) {
      seeVersion(memory, seen);
      return null;
    }
  }
  const currency = query.moeda_id as CurrencyId | undefined;
  return { data: [...exact.rows, ...page.rows].map((row) => toProductCard(row, rates, currency)), total };
}

/**
 * Statement shapes given literal page bounds so far. Each is kept prepared, with its plan, on
 * every connection that ran it: ~150 kB of PostgreSQL memory (pg_backend_memory_contexts), so
 * at most 64 (~10 MB a connection); later ones keep parameters (planned each time, as before).
 */
const literalBounds = new Set<string>();
const MAX_LITERAL_BOUNDS = 64;
/** Pages past the first few are rare: their bounds stay parameters. */
const MAX_LITERAL_OFFSET = 100;

/**
 * The page's `LIMIT n OFFSET m` as literals when its statement's plan does not depend on the
 * values (`stable`) and it is one of the first pages: PostgreSQL then keeps a generic plan of it.
 * A bounded number of such statements (by shape and bounds) per process; null: use parameters.
 */
function toPageBounds(stable: boolean, shape: string, limit: number, skip: number): string | null {
  if (!stable || skip > MAX_LITERAL_OFFSET || !Number.isSafeInteger(limit) || !Number.isSafeInteger(skip)) return null;
  const bounds = `LIMIT ${limit} OFFSET ${skip}`;
  const key = `${shape}|${bounds}`;
  if (!literalBounds.has(key)) {
    if (literalBounds.size >= MAX_LITERAL_BOUNDS) return null;
    literalBounds.add(key);
  }
  return bounds;
}

/**
 * How far the walk may go: enough rows of the index order to meet the page's end `needed`
 * matches three times over at the catalogue's match rate, plus slack. It is a cap, not the work
 * done: the walk stops at the page's end.
 */
function toWalkRows(needed: number, matches: number, allProducts: number): number {
  return Math.ceil((needed * 3 * Math.max(allProducts, matches)) / matches) + 200;
}

interface WalkParts {
  filters: string[];
  exceptExact: string;
  textCondition: string;
  keys: SortKey[];
  selectKeys: string;
  orderKeys: string;
  bind: (value: unknown) => string;
  walkRows: number;
  /** The page's LIMIT and OFFSET clause. */
  bounds: string;
}

/**
 * Many matches of several words: the planner multiplies each word's frequency as if they were
 * independent ("taladro" 3 %, "percutor" 1.6 %: 50 rows expected, 1,588 found), so it reads
 * every matching row through the text index and sorts them, or scans the whole table. Matches
 * that common are met within a few hundred rows of the ordered index, read in physical order:
 * the inner query has no text condition, so only the ordered index can serve its LIMIT, and the
 * outer filter stops the walk at the page's last match (decision 0100).
 */
function searchWalkSql(parts: WalkParts): string {
  const { filters, exceptExact, textCondition, keys, selectKeys, orderKeys, bind, walkRows, bounds } = parts;
  const inner = `SELECT p.id, ${selectKeys}, ${textCondition} AS matches FROM products p
    ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''} ORDER BY ${orderKeys} LIMIT ${bind(walkRows)}`;
  const outerFilter = ['w.matches', exceptExact.replace('p.id', 'w.id')].filter(Boolean).join(' AND ');
  return `SELECT w.id, ${keys.map((_, i) => `w.k${i}`).join(', ')} FROM (${inner}) w WHERE ${outerFilter}
    ORDER BY ${keys.map((k, i) => `w.k${i} ${k.dir}`).join(', ')} ${bounds}`;
}

/** A product by numeric id or slug, with description and specifications; null when absent. */
export async function getProductDetails(
  db: Queryable,
  idOrSlug: number | string,
  lang: ApiLang,
  rates: readonly RateLike[],
  currency?: CurrencyId,
): Promise<Product | null> {
  const byId = typeof idOrSlug === 'number';
  if (byId ? toId(String(idOrSlug)) === null : !isSafeText(idOrSlug)) return null;
  const { rows } = await db.query<ProductDetailRow>(
    toPreparedQuery(
      `SELECT ${getProductColumns(lang)}, p.description_${lang} AS description,
       (SELECT json_agg(json_build_object('nome', s.name_${lang}, 'valor', s.value_${lang}) ORDER BY s.position)
          FROM product_specifications s WHERE s.product_id = p.id) AS specs
     FROM products p ${PRODUCT_JOINS}
     WHERE ${byId ? 'p.id = $1' : 'p.slug = $1'} AND p.active`,
      [idOrSlug],
    ),
  );
  const row = rows[0];
  return row ? toProduct(row, rates, currency) : null;
}

/**
 * The product page's related row: up to `limit` in-stock products of one brand but `exceptId`,
 * newest first (what listProducts orders them by), in one query: no total and no catalogue
 * version, which a row without pagination does not need (index products_brand_stock_idx). The
 * limit is written into the text (one per page kind), so the plan is kept (see toPageBounds).
 */
export async function listRelatedProducts(
  db: Queryable,
  brandId: number,
  exceptId: number,
  limit: number,
  lang: ApiLang,
  rates: readonly RateLike[],
  currency?: CurrencyId,
): Promise<ProductCard[]> {
  const { rows } = await db.query<ProductRow>(
    toPreparedQuery(
      `SELECT ${getProductColumns(lang)}
     FROM (SELECT p.id FROM products p WHERE p.brand_id = $1 AND p.in_stock AND p.active AND p.id <> $2
       ORDER BY p.id DESC LIMIT ${Math.max(0, Math.trunc(limit))}) page
     JOIN products p ON p.id = page.id ${PRODUCT_JOINS}
     ORDER BY p.id DESC`,
      [brandId, exceptId],
    ),
  );
  return rows.map((row) => toProductCard(row, rates, currency));
}

/** The home's two product rows (issue 21): a category's newest and the "most searched". */
export interface HomeProductsQuery {
  lang: ApiLang;
  /** The selected category, or null for none (no row). */
  categoryId: number | null;
  categoryLimit: number;
  /** 0 for phones, which do not show that row. */
  mostSearchedLimit: number;
}

interface HomeCards {
  category: ProductCard[];
  mostSearched: ProductCard[];
}

interface HomeRows {
  version: string;
  category: ProductRow[];
  mostSearched: ProductRow[];
  /** The cards per rates read (kept 30 s by the service) and currency. */
  cards: WeakMap<readonly RateLike[], Map<string, HomeCards>>;
}

/**
 * Per database, the home's rows per query, with the product_rows_state version they were read at
 * (migration 0910: bumped by any change of a product row or of the brand, category and department
 * names cards show, stock and prices included).
 */
const getHomeMemory = createCachePerOwner<string, HomeRows>({ name: 'home-rows', maxEntries: 200, listens: false });

/**
 * Both rows in one statement, which also reads the version: when it is the remembered one, the
 * product reads do not run (their gate is false) and the answer is one row with the version;
 * otherwise the rows, labelled by list. So a plain SQL change of a price, a stock or a name is on
 * the very next home, with or without a change notice. Orders as listProducts: in stock first,
 * then newest (category) or oldest (most searched) first.
 */
export async function readHomeProducts(
  db: Queryable,
  query: HomeProductsQuery,
  rates: readonly RateLike[],
  currency?: CurrencyId,
): Promise<HomeCards> {
  const memory = getHomeMemory(db);
  const key = `${query.lang}|${query.categoryId}|${query.categoryLimit}|${query.mostSearchedLimit}`;
  const known = memory.get(key);
  // Limits are written into the text: with LIMIT $n this statement never got a generic plan
  // (pg_prepared_statements: 212 custom plans of 212) and was planned on every call, 5-6x the time.
  const limit = (n: number) => (Number.isSafeInteger(n) && n > 0 ? n : 0);
  const { rows } = await db.query<Partial<ProductRow> & { rows_version: string; list: number | null }>(
    toPreparedQuery(
      `WITH v AS MATERIALIZED (SELECT version::text AS rows_version FROM product_rows_state),
       stale AS MATERIALIZED (SELECT NOT EXISTS (SELECT 1 FROM v WHERE v.rows_version = $2::text) AS yes),
       page AS (
         (SELECT 1 AS list, p.id, p.in_stock, -p.id AS k FROM products p
           WHERE (SELECT yes FROM stale) AND p.active AND p.category_id = $1
           ORDER BY p.in_stock DESC, p.id DESC LIMIT ${query.categoryId === null ? 0 : limit(query.categoryLimit)})
         UNION ALL
         (SELECT 2 AS list, p.id, p.in_stock, p.id AS k FROM products p
           WHERE (SELECT yes FROM stale) AND p.active
           ORDER BY p.in_stock DESC, p.id ASC LIMIT ${limit(query.mostSearchedLimit)})
       )
       SELECT v.rows_version, page.list, ${getProductColumns(query.lang)}
       FROM v LEFT JOIN (page JOIN products p ON p.id = page.id ${PRODUCT_JOINS}) ON true
       ORDER BY page.list, page.in_stock DESC, page.k`,
      [query.categoryId, known?.version ?? null],
    ),
  );
  const version = rows[0]?.rows_version;
  let current = known;
  if (version === undefined || version !== known?.version) {
    const listed = rows.filter((row): row is ProductRow & { rows_version: string; list: number } => row.list !== null);
    current = {
      version: version ?? '',
      category: listed.filter((row) => row.list === 1),
      mostSearched: listed.filter((row) => row.list === 2),
      cards: new WeakMap(),
    };
    if (version !== undefined) memory.set(key, current);
  }
  if (!current) return { category: [], mostSearched: [] };
  let byCurrency = current.cards.get(rates);
  if (!byCurrency) {
    byCurrency = new Map();
    current.cards.set(rates, byCurrency);
  }
  let cards = byCurrency.get(String(currency));
  if (!cards) {
    const toCards = (list: ProductRow[]) => list.map((row) => toProductCard(row, rates, currency));
    cards = { category: toCards(current.category), mostSearched: toCards(current.mostSearched) };
    byCurrency.set(String(currency), cards);
  }
  return cards;
}

// ---- Shell, brands, categories and the other small reads of the catalogue service ----

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  icon_svg: string | null;
  menu_visible: boolean;
  special: boolean;
  departments: { id: number; name: string; slug: string; icone: string | null }[] | null;
}

/** Categories with their departments, in menu order: every one, only the special ones, none of them, or one by slug. */
export async function readCategories(
  db: Queryable,
  lang: ApiLang,
  filter: { special: boolean | null } | { slug: string },
): Promise<CategoryRow[]> {
  const [condition, params] =
    'slug' in filter
      ? ['c.slug = $1', [filter.slug]]
      : [filter.special === true ? 'c.special' : filter.special === false ? 'NOT c.special' : 'true', []];
  const { rows } = await db.query<CategoryRow>(
    `SELECT c.id, c.name_${lang} AS name, c.slug, c.icon_svg, c.menu_visible, c.special,
       (SELECT json_agg(json_build_object('id', d.id, 'name', d.name_${lang}, 'slug', d.slug, 'icone', d.icon_svg)
                        ORDER BY d.position, d.id)
          FROM departments d WHERE d.category_id = c.id) AS departments
     FROM categories c WHERE ${condition} ORDER BY c.position, c.id`,
    params,
  );
  return rows;
}

export interface BrandRow {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
}

/** All brands, or with `categoryId` only those that have products in that category. */
export async function readBrands(db: Queryable, categoryId: number | null): Promise<BrandRow[]> {
  const { rows } = await db.query<BrandRow>(
    `SELECT b.id, b.slug, b.name, b.logo_url FROM brands b
      WHERE $1::int IS NULL OR EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id AND p.category_id = $1)
      ORDER BY b.position, b.name`,
    [categoryId],
  );
  return rows;
}

export async function findBrandBySlug(db: Queryable, slug: string): Promise<BrandRow | null> {
  const { rows } = await db.query<BrandRow>('SELECT id, slug, name, logo_url FROM brands WHERE slug = $1', [slug]);
  return rows[0] ?? null;
}

export async function readBanners(db: Queryable, lang: ApiLang) {
  const { rows } = await db.query<{
    id: number;
    kind: BannerType;
    image_url: string;
    link: string | null;
    title: string;
    description: string;
  }>(`SELECT id, kind, image_url, link, title_${lang} AS title, description_${lang} AS description FROM banners ORDER BY position, id`);
  return rows;
}

export async function readFaq(db: Queryable, lang: ApiLang) {
  const { rows } = await db.query<{ id: number; question: string; answer: string }>(
    `SELECT id, question_${lang} AS question, answer_${lang} AS answer FROM faq ORDER BY position, id`,
  );
  return rows;
}

export async function readSellers(db: Queryable, lang: ApiLang) {
  const { rows } = await db.query<{ id: number; name: string; role: string; whatsapp: string | null; photo_url: string | null }>(
    `SELECT id, name, role_${lang} AS role, whatsapp, photo_url FROM sellers ORDER BY position, id`,
  );
  return rows;
}

/** Stores a phone for offers once: false when it was already there. */
export async function insertNewsletterContact(db: Queryable, phoneDigits: string, locale: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO newsletter_contacts (phone_digits, locale) VALUES ($1, $2) ON CONFLICT (phone_digits) DO NOTHING',
    [phoneDigits, locale],
  );
  return (rowCount ?? 0) > 0;
}
