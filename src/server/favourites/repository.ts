// Every SQL statement of favourites (decision 0720).
import type { ApiLang } from '#lib/contract/catalog.ts';
import { getProductColumns, PRODUCT_JOINS, type ProductRow } from '../catalog/product-mapper.ts';
import type { Queryable } from '../db/client.ts';
import { stockColumnSql } from '../inventory/index.ts';

interface FavouriteRow {
  id: number;
  product_id: number;
  slug: string;
  name: string;
  code: string;
  images: Array<{ url: string }>;
  stock: number;
  show_price: boolean;
  price_minor: number;
  currency_id: number;
}

export function createFavouritesRepository(db: Queryable) {
  return {
    async list(customerId: number, lang: 'pt' | 'es'): Promise<FavouriteRow[]> {
      const { rows } = await db.query<FavouriteRow>(
        `SELECT f.id, f.product_id, p.slug, ${lang === 'es' ? 'p.name_es' : 'p.name_pt'} AS name, p.code, p.images,
                ${stockColumnSql('p')} AS stock, p.show_price, p.price_minor, p.currency_id
           FROM favourites f JOIN products p ON p.id = f.product_id
          WHERE f.customer_id = $1 ORDER BY f.created_at DESC, f.id DESC`,
        [customerId],
      );
      return rows;
    },

    async listProducts(customerId: number, lang: ApiLang): Promise<ProductRow[]> {
      const { rows } = await db.query<ProductRow>(
        `SELECT ${getProductColumns(lang)}
           FROM favourites f JOIN products p ON p.id = f.product_id ${PRODUCT_JOINS}
          WHERE f.customer_id = $1 ORDER BY f.created_at DESC, f.id DESC`,
        [customerId],
      );
      return rows;
    },

    /** Inserts once; the favourite's id (new or existing), or null when the product is unknown. */
    async add(customerId: number, productId: number): Promise<number | null> {
      const { rows } = await db.query<{ id: number }>(
        `WITH product AS (SELECT id FROM products WHERE id = $2),
              inserted AS (
                INSERT INTO favourites (customer_id, product_id) SELECT $1, id FROM product
                ON CONFLICT (customer_id, product_id) DO NOTHING RETURNING id)
         SELECT id FROM inserted
         UNION ALL SELECT f.id FROM favourites f JOIN product p ON p.id = f.product_id WHERE f.customer_id = $1`,
        [customerId, productId],
      );
      return rows[0]?.id ?? null;
    },

    async remove(customerId: number, favouriteId: number): Promise<boolean> {
      const result = await db.query('DELETE FROM favourites WHERE customer_id = $1 AND id = $2', [customerId, favouriteId]);
      return (result.rowCount ?? 0) > 0;
    },

    async removeByProduct(customerId: number, productId: number): Promise<boolean> {
      const result = await db.query('DELETE FROM favourites WHERE customer_id = $1 AND product_id = $2', [customerId, productId]);
      return (result.rowCount ?? 0) > 0;
    },
  };
}
