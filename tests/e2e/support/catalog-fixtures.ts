import { randomUUID } from 'node:crypto';
import { getTestDb } from './hosts.ts';

/**
 * Catalogue rows of one test: its own category (two departments), brand and products, so tests
 * running in parallel never read or change each other's data nor the seed's.
 */
export interface FixtureProduct {
  id: number;
  slug: string;
  code: string;
  namePt: string;
  nameEs: string;
  priceMinor: number;
  stock: number;
  department: 'a' | 'b';
}

export interface CatalogFixture {
  tag: string;
  categoryId: number;
  categorySlug: string;
  categoryPt: string;
  categoryEs: string;
  departments: { a: { id: number; slug: string; namePt: string }; b: { id: number; slug: string; namePt: string } };
  brandId: number;
  brandSlug: string;
  brandName: string;
  otherBrandId: number;
  otherBrandName: string;
  products: FixtureProduct[];
}

const IMAGE = (color: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${color}"/></svg>`)}`;

interface Options {
  count?: number;
  outOfStock?: number;
}

/** `count` products, the last `outOfStock` of them without stock; prices 10.00, 11.00, ... USD. */
export async function createCatalogFixture({ count = 6, outOfStock = 1 }: Options = {}): Promise<CatalogFixture> {
  const db = getTestDb();
  const tag = randomUUID().slice(0, 8);
  const cat = await db.query(`INSERT INTO categories (slug, name_pt, name_es, position) VALUES ($1, $2, $3, 999) RETURNING id`, [
    `cat-${tag}`,
    `Categoria ${tag}`,
    `Categoría ${tag}`,
  ]);
  const categoryId: number = cat.rows[0].id;
  const depA = await db.query(`INSERT INTO departments (category_id, slug, name_pt, name_es) VALUES ($1, $2, $3, $4) RETURNING id`, [
    categoryId,
    `dep-a-${tag}`,
    `Departamento A ${tag}`,
    `Departamento A ${tag}`,
  ]);
  const depB = await db.query(`INSERT INTO departments (category_id, slug, name_pt, name_es) VALUES ($1, $2, $3, $4) RETURNING id`, [
    categoryId,
    `dep-b-${tag}`,
    `Departamento B ${tag}`,
    `Departamento B ${tag}`,
  ]);
  const brand = await db.query(`INSERT INTO brands (slug, name, position) VALUES ($1, $2, 999) RETURNING id`, [
    `marca-${tag}`,
    `Marca ${tag}`,
  ]);
  const other = await db.query(`INSERT INTO brands (slug, name, position) VALUES ($1, $2, 999) RETURNING id`, [
    `outra-${tag}`,
    `Outra ${tag}`,
  ]);
  const products: FixtureProduct[] = [];
  for (let index = 0; index < count; index += 1) {
    const department = index % 2 === 0 ? 'a' : 'b';
    const stock = index >= count - outOfStock ? 0 : 5 + index;
    const brandId = index === 1 ? other.rows[0].id : brand.rows[0].id;
    const letter = String.fromCharCode(97 + (index % 26));
    const p = {
      slug: `produto-${tag}-${index}`,
      code: `T${tag.slice(0, 5).toUpperCase()}${String(index).padStart(3, '0')}`,
      namePt: `Ferramenta ${letter}${index} ${tag}`,
      nameEs: `Herramienta ${letter}${index} ${tag}`,
      priceMinor: 1000 + index * 100,
      stock,
      department: department as 'a' | 'b',
    };
    const images = JSON.stringify([{ url: IMAGE('#c33') }, { url: IMAGE('#3c3') }, { url: IMAGE('#33c') }]);
    const row = await db.query(
      `INSERT INTO products (code, slug, name_pt, name_es, summary_pt, summary_es, description_pt, description_es, price_minor, stock, brand_id, category_id, department_id, images)
       VALUES ($1, $2, $3, $4, $3, $4, '<p>Descrição <strong>forte</strong></p>', '<p>Descripción <strong>fuerte</strong></p>', $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        p.code,
        p.slug,
        p.namePt,
        p.nameEs,
        p.priceMinor,
        p.stock,
        brandId,
        categoryId,
        department === 'a' ? depA.rows[0].id : depB.rows[0].id,
        images,
      ],
    );
    await db.query(
      `INSERT INTO product_specifications (product_id, position, name_pt, name_es, value_pt, value_es) VALUES ($1, 1, 'Potência', 'Potencia', '650 W', '650 W'), ($1, 2, 'Garantia', 'Garantía', NULL, NULL)`,
      [row.rows[0].id],
    );
    products.push({ id: row.rows[0].id, ...p });
  }
  return {
    tag,
    categoryId,
    categorySlug: `cat-${tag}`,
    categoryPt: `Categoria ${tag}`,
    categoryEs: `Categoría ${tag}`,
    departments: {
      a: { id: depA.rows[0].id, slug: `dep-a-${tag}`, namePt: `Departamento A ${tag}` },
      b: { id: depB.rows[0].id, slug: `dep-b-${tag}`, namePt: `Departamento B ${tag}` },
    },
    brandId: brand.rows[0].id,
    brandSlug: `marca-${tag}`,
    brandName: `Marca ${tag}`,
    otherBrandId: other.rows[0].id,
    otherBrandName: `Outra ${tag}`,
    products,
  };
}

/** USD -> target rates as stored, for computing the expected converted prices. */
export async function getUsdRates(): Promise<Map<number, number>> {
  const { rows } = await getTestDb().query('SELECT target_currency_id, rate FROM exchange_rates WHERE source_currency_id = 2');
  return new Map(rows.map((row) => [Number(row.target_currency_id), Number(row.rate)]));
}
