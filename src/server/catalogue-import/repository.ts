import type { CurrencyCode } from '#lib/contract/catalogue-product.ts';
import type { Queryable } from '../db/client.ts';
import type { ProductState, Specification } from './compare.ts';
import { stockColumnSql } from '../inventory/index.ts';

/** A stored product in the import's terms (compare.ts), with its id. */
export interface StoredProduct extends ProductState {
  id: number;
  code: string;
}

interface ProductRow {
  id: number;
  code: string;
  name_pt: string;
  name_es: string;
  summary_pt: string;
  summary_es: string;
  description_pt: string;
  description_es: string;
  price_minor: number;
  currency: CurrencyCode;
  stock: number;
  show_price: boolean;
  brand_name: string;
  brand_slug: string;
  category_slug: string;
  category_pt: string;
  category_es: string;
  department_slug: string | null;
  department_pt: string | null;
  department_es: string | null;
  image_files: string[];
  specs: Specification[];
}

const SELECT_PRODUCTS = `
  SELECT p.id, p.code, p.name_pt, p.name_es, p.summary_pt, p.summary_es, p.description_pt, p.description_es, p.price_minor,
         cur.iso_code AS currency, ${stockColumnSql('p')} AS stock, p.show_price, b.name AS brand_name, b.slug AS brand_slug,
         c.slug AS category_slug, c.name_pt AS category_pt, c.name_es AS category_es,
         d.slug AS department_slug, d.name_pt AS department_pt, d.name_es AS department_es, p.image_files,
         coalesce((SELECT json_agg(json_build_object('nome_pt', s.name_pt, 'nome_es', s.name_es,
                    'valor_pt', coalesce(s.value_pt, ''), 'valor_es', coalesce(s.value_es, '')) ORDER BY s.position)
                   FROM product_specifications s WHERE s.product_id = p.id), '[]'::json) AS specs
    FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
    JOIN currencies cur ON cur.id = p.currency_id LEFT JOIN departments d ON d.id = p.department_id
   WHERE p.code = ANY($1::text[])`;

function toStored(row: ProductRow): StoredProduct {
  return {
    id: row.id,
    code: row.code,
    nome_pt: row.name_pt,
    nome_es: row.name_es,
    descritivo_pt: row.summary_pt,
    descritivo_es: row.summary_es,
    descricao_pt: row.description_pt,
    descricao_es: row.description_es,
    marca: row.brand_name,
    brandSlug: row.brand_slug,
    categoria_pt: row.category_pt,
    categoria_es: row.category_es,
    categorySlug: row.category_slug,
    departamento_pt: row.department_pt,
    departamento_es: row.department_es,
    departmentSlug: row.department_slug,
    priceMinor: row.price_minor,
    moeda: row.currency,
    estoque: row.stock,
    mostrar_preco: row.show_price,
    especificacoes: row.specs,
    imagens: row.image_files,
  };
}

/** A product to write: its next state and the ids its brand, category and department resolved to. */
export interface ProductWrite {
  id: number | null;
  code: string;
  slug: string;
  state: ProductState;
  brandId: number;
  categoryId: number;
  departmentId: number | null;
}

// Stock is not among them: the inventory sets it in the same transaction (decision 1310).
const PRODUCT_COLUMNS = `name_pt, name_es, summary_pt, summary_es, description_pt, description_es, price_minor, currency_id,
  show_price, brand_id, category_id, department_id, image_files`;
const UNNEST_TYPES = `$1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[],
  $8::text[], $9::boolean[], $10::int[], $11::int[], $12::int[], $13::text[]`;
const UNNEST_NAMES =
  'name_pt, name_es, summary_pt, summary_es, description_pt, description_es, price_minor, currency, show_price, brand_id, category_id, department_id, image_files';

function toColumns(writes: ProductWrite[]): unknown[] {
  const pick = <T>(read: (write: ProductWrite) => T) => writes.map(read);
  return [
    pick((w) => w.state.nome_pt),
    pick((w) => w.state.nome_es),
    pick((w) => w.state.descritivo_pt),
    pick((w) => w.state.descritivo_es),
    pick((w) => w.state.descricao_pt),
    pick((w) => w.state.descricao_es),
    pick((w) => w.state.priceMinor),
    pick((w) => w.state.moeda),
    pick((w) => w.state.mostrar_preco),
    pick((w) => w.brandId),
    pick((w) => w.categoryId),
    pick((w) => w.departmentId),
    pick((w) => JSON.stringify(w.state.imagens)),
  ];
}

// image_files travel as JSON text per row: unnest() cannot take an array of arrays of different lengths.
const IMAGE_FILES = `ARRAY(SELECT json_array_elements_text(u.image_files::json))`;

export function createCatalogueImportRepository() {
  return {
    /** The stored products of these codes; `lock` takes their rows for the write transaction. */
    async findProducts(db: Queryable, codes: string[], lock = false): Promise<Map<string, StoredProduct>> {
      const { rows } = await db.query<ProductRow>(`${SELECT_PRODUCTS}${lock ? ' FOR UPDATE OF p' : ''}`, [codes]);
      return new Map(rows.map((row) => [row.code, toStored(row)]));
    },

    async findBrandSlugs(db: Queryable, slugs: string[]): Promise<Set<string>> {
      const { rows } = await db.query<{ slug: string }>('SELECT slug FROM brands WHERE slug = ANY($1::text[])', [slugs]);
      return new Set(rows.map((row) => row.slug));
    },

    async findCategorySlugs(db: Queryable, slugs: string[]): Promise<Set<string>> {
      const { rows } = await db.query<{ slug: string }>('SELECT slug FROM categories WHERE slug = ANY($1::text[])', [slugs]);
      return new Set(rows.map((row) => row.slug));
    },

    /** Brand ids by slug, created (after the existing ones) when new. */
    async ensureBrands(tx: Queryable, brands: { slug: string; name: string }[]): Promise<Map<string, number>> {
      const { rows } = await tx.query<{ id: number; slug: string }>(
        `WITH given AS (SELECT DISTINCT ON (slug) slug, name FROM unnest($1::text[], $2::text[]) AS g(slug, name)),
              added AS (INSERT INTO brands (slug, name, position)
                        SELECT slug, name, (SELECT coalesce(max(position), 0) + 1 FROM brands) FROM given
                        ON CONFLICT (slug) DO NOTHING RETURNING id, slug)
         SELECT id, slug FROM added UNION ALL SELECT id, slug FROM brands WHERE slug IN (SELECT slug FROM given)`,
        [brands.map((b) => b.slug), brands.map((b) => b.name)],
      );
      return new Map(rows.map((row) => [row.slug, row.id]));
    },

    /** Category ids by slug, created (visible in the menu, last) when new, with their sanitised icon. */
    async ensureCategories(
      tx: Queryable,
      categories: { slug: string; pt: string; es: string; icon: string | null }[],
    ): Promise<{ ids: Map<string, number>; created: number[] }> {
      const { rows } = await tx.query<{ id: number; slug: string; created: boolean }>(
        `WITH given AS (SELECT DISTINCT ON (slug) * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS g(slug, pt, es, icon)),
              added AS (INSERT INTO categories (slug, name_pt, name_es, icon_svg, position)
                        SELECT slug, pt, es, icon, (SELECT coalesce(max(position), 0) + 1 FROM categories) FROM given
                        ON CONFLICT (slug) DO NOTHING RETURNING id, slug)
         SELECT id, slug, true AS created FROM added
         UNION ALL SELECT id, slug, false FROM categories WHERE slug IN (SELECT slug FROM given)`,
        [categories.map((c) => c.slug), categories.map((c) => c.pt), categories.map((c) => c.es), categories.map((c) => c.icon)],
      );
      return { ids: new Map(rows.map((row) => [row.slug, row.id])), created: rows.filter((row) => row.created).map((row) => row.id) };
    },

    /** Department ids by "categoryId/slug", created when new. */
    async ensureDepartments(
      tx: Queryable,
      departments: { categoryId: number; slug: string; pt: string; es: string }[],
    ): Promise<Map<string, number>> {
      const { rows } = await tx.query<{ id: number; category_id: number; slug: string }>(
        `WITH given AS (SELECT DISTINCT ON (category_id, slug) * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS g(category_id, slug, pt, es)),
              added AS (INSERT INTO departments (category_id, slug, name_pt, name_es, position)
                        SELECT category_id, slug, pt, es, 1000 FROM given
                        ON CONFLICT (category_id, slug) DO NOTHING RETURNING id, category_id, slug)
         SELECT id, category_id, slug FROM added
         UNION ALL SELECT d.id, d.category_id, d.slug FROM departments d JOIN given g USING (category_id, slug)`,
        [departments.map((d) => d.categoryId), departments.map((d) => d.slug), departments.map((d) => d.pt), departments.map((d) => d.es)],
      );
      return new Map(rows.map((row) => [`${row.category_id}/${row.slug}`, row.id]));
    },

    /** New products; a slug another product holds gets the code's hash appended. Returns code -> id. */
    async insertProducts(tx: Queryable, writes: ProductWrite[]): Promise<Map<string, number>> {
      if (writes.length === 0) return new Map();
      const { rows } = await tx.query<{ id: number; code: string }>(
        `INSERT INTO products (code, slug, ${PRODUCT_COLUMNS})
         SELECT u.code, CASE WHEN EXISTS (SELECT 1 FROM products x WHERE x.slug = u.slug) THEN u.slug || '-' || left(md5(u.code), 6) ELSE u.slug END,
                u.name_pt, u.name_es, u.summary_pt, u.summary_es, u.description_pt, u.description_es, u.price_minor,
                (SELECT id FROM currencies WHERE iso_code = u.currency), u.show_price, u.brand_id, u.category_id, u.department_id, ${IMAGE_FILES}
           FROM unnest(${UNNEST_TYPES}, $14::text[], $15::text[]) AS u(${UNNEST_NAMES}, code, slug)
         RETURNING id, code`,
        [...toColumns(writes), writes.map((w) => w.code), writes.map((w) => w.slug)],
      );
      return new Map(rows.map((row) => [row.code, row.id]));
    },

    async updateProducts(tx: Queryable, writes: ProductWrite[]): Promise<void> {
      if (writes.length === 0) return;
      await tx.query(
        `UPDATE products p SET (${PRODUCT_COLUMNS}) = (u.name_pt, u.name_es, u.summary_pt, u.summary_es, u.description_pt, u.description_es,
                u.price_minor, (SELECT id FROM currencies WHERE iso_code = u.currency), u.show_price, u.brand_id, u.category_id,
                u.department_id, ${IMAGE_FILES})
           FROM unnest(${UNNEST_TYPES}, $14::int[]) AS u(${UNNEST_NAMES}, id)
          WHERE p.id = u.id`,
        [...toColumns(writes), writes.map((w) => w.id)],
      );
    },

    /** One product's brand, category and department (the panel's product edit). */
    async setProductTaxonomy(tx: Queryable, productId: number, ids: { brandId: number; categoryId: number; departmentId: number | null }) {
      await tx.query('UPDATE products SET brand_id = $2, category_id = $3, department_id = $4 WHERE id = $1', [
        productId,
        ids.brandId,
        ids.categoryId,
        ids.departmentId,
      ]);
    },

    /** The products' specifications replaced by the given lists. */
    async replaceSpecifications(tx: Queryable, specs: { productId: number; list: Specification[] }[]): Promise<void> {
      if (specs.length === 0) return;
      await tx.query('DELETE FROM product_specifications WHERE product_id = ANY($1::int[])', [specs.map((s) => s.productId)]);
      const flat = specs.flatMap((s) => s.list.map((spec, index) => ({ productId: s.productId, position: index + 1, ...spec })));
      if (flat.length === 0) return;
      await tx.query(
        `INSERT INTO product_specifications (product_id, position, name_pt, name_es, value_pt, value_es)
         SELECT * FROM unnest($1::int[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[])`,
        [
          flat.map((s) => s.productId),
          flat.map((s) => s.position),
          flat.map((s) => s.nome_pt),
          flat.map((s) => s.nome_es),
          flat.map((s) => s.valor_pt),
          flat.map((s) => s.valor_es),
        ],
      );
    },
  };
}
export type CatalogueImportRepository = ReturnType<typeof createCatalogueImportRepository>;

export type JobStatus = 'checking' | 'checked' | 'writing' | 'written' | 'failed';
export interface JobRow {
  id: string;
  staff_id: number;
  file_name: string;
  format: 'csv' | 'json';
  status: JobStatus;
  done_rows: number;
  summary: unknown;
  created_at: Date;
  updated_at: Date;
  stalled: boolean;
}
const JOB_COLUMNS = `id, staff_id, file_name, format, status, done_rows, summary, created_at, updated_at,
  (status IN ('checking', 'writing') AND updated_at < now() - interval '2 minutes') AS stalled`;

/** The panel's import jobs (table catalogue_imports): the file, its progress and summary. */
export function createImportJobRepository() {
  return {
    async insertJob(db: Queryable, job: { staffId: number; fileName: string; format: 'csv' | 'json'; file: Buffer }): Promise<JobRow> {
      // Files of finished or abandoned imports are not kept past a day.
      await db.query(`UPDATE catalogue_imports SET file = NULL WHERE file IS NOT NULL AND created_at < now() - interval '1 day'`);
      const { rows } = await db.query<JobRow>(
        `INSERT INTO catalogue_imports (staff_id, file_name, format, file, status) VALUES ($1, $2, $3, $4, 'checking') RETURNING ${JOB_COLUMNS}`,
        [job.staffId, job.fileName, job.format, job.file],
      );
      return rows[0] as JobRow;
    },

    async getJob(db: Queryable, id: string, staffId: number): Promise<JobRow | null> {
      const { rows } = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM catalogue_imports WHERE id = $1 AND staff_id = $2`, [
        id,
        staffId,
      ]);
      return rows[0] ?? null;
    },

    async setProgress(db: Queryable, id: string, doneRows: number): Promise<void> {
      await db.query('UPDATE catalogue_imports SET done_rows = $2, updated_at = now() WHERE id = $1', [id, doneRows]);
    },

    async finishJob(db: Queryable, id: string, status: JobStatus, summary: unknown): Promise<void> {
      await db.query(
        // A file written with rejected rows is kept (a day at most) for its rejects download.
        `UPDATE catalogue_imports SET status = $2, summary = $3, updated_at = now(),
                file = CASE WHEN $2 = 'failed' OR ($2 = 'written' AND coalesce(($3::jsonb->>'rejected')::int, 0) = 0) THEN NULL ELSE file END
          WHERE id = $1`,
        [id, status, JSON.stringify(summary)],
      );
    },

    /**
     * A checked job moves to writing once (a second click finds it moved); its file comes back.
     * One with rejected rows only when `partial` (its valid rows written, the rejected ones skipped).
     */
    async claimForWriting(
      db: Queryable,
      id: string,
      staffId: number,
      partial: boolean,
    ): Promise<{ file: Buffer; format: 'csv' | 'json' } | null> {
      const { rows } = await db.query<{ file: Buffer; format: 'csv' | 'json' }>(
        `UPDATE catalogue_imports SET status = 'writing', done_rows = 0, updated_at = now()
          WHERE id = $1 AND staff_id = $2 AND status = 'checked' AND file IS NOT NULL
            AND ((summary->>'rejected')::int = 0 OR ($3 AND (summary->>'rows')::int > 0))
          RETURNING file, format`,
        [id, staffId, partial],
      );
      return rows[0] ?? null;
    },

    /** The file of a job still holding one (its rejects download). */
    async getJobFile(
      db: Queryable,
      id: string,
      staffId: number,
    ): Promise<{ file: Buffer; format: 'csv' | 'json'; fileName: string } | null> {
      const { rows } = await db.query<{ file: Buffer; format: 'csv' | 'json'; file_name: string }>(
        'SELECT file, format, file_name FROM catalogue_imports WHERE id = $1 AND staff_id = $2 AND file IS NOT NULL',
        [id, staffId],
      );
      const row = rows[0];
      return row ? { file: row.file, format: row.format, fileName: row.file_name } : null;
    },
  };
}
export type ImportJobRepository = ReturnType<typeof createImportJobRepository>;
