import type { CartProductView } from '../../lib/contract/cart.ts';
import type { ApiLang, ProductCard } from '../../lib/contract/catalog.ts';
import type { CurrencyId } from '../../lib/locale.ts';
import type { RateLike } from '../../lib/money.ts';
import { getProductColumns, PRODUCT_JOINS, toProductCard, type ProductRow } from '../catalog/product-mapper.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';

/** A favourite carries the same product summary as a cart line, plus its price for the card. */
export interface FavouriteView {
  id: number;
  produto_id: number;
  produto: CartProductView & { price_minor: number; currency_id: number };
}

/** Server-side favourites of signed-in customers (visitors keep theirs in the browser). */
export function createFavouritesService({ db }: { db: Queryable; clock: Clock }) {
  return {
    async listFavourites(customerId: number, lang: 'pt' | 'es'): Promise<FavouriteView[]> {
      const { rows } = await db.query<{
        id: number; product_id: number; slug: string; name: string; code: string;
        images: Array<{ url: string }>; stock: number; show_price: boolean; price_minor: number; currency_id: number;
      }>(
        `SELECT f.id, f.product_id, p.slug, ${lang === 'es' ? 'p.name_es' : 'p.name_pt'} AS name, p.code, p.images,
                p.stock, p.show_price, p.price_minor, p.currency_id
           FROM favourites f JOIN products p ON p.id = f.product_id
          WHERE f.customer_id = $1 ORDER BY f.created_at DESC, f.id DESC`,
        [customerId],
      );
      return rows.map((row) => ({
        id: row.id,
        produto_id: row.product_id,
        produto: {
          id: row.product_id,
          slug: row.slug,
          nome: row.name,
          codigo: row.code,
          imagens: row.images,
          qtde_disponivel: row.stock,
          tem_estoque: row.stock > 0,
          mostrar_preco: row.show_price,
          price_minor: row.price_minor,
          currency_id: row.currency_id,
        },
      }));
    },

    /** The favourites as the catalogue's product cards, newest first (the /perfil/favoritos grid). */
    async listFavouriteCards(customerId: number, lang: ApiLang, rates: readonly RateLike[], currencyId: CurrencyId): Promise<ProductCard[]> {
      const { rows } = await db.query<ProductRow>(
        `SELECT ${getProductColumns(lang)}
           FROM favourites f JOIN products p ON p.id = f.product_id ${PRODUCT_JOINS}
          WHERE f.customer_id = $1 ORDER BY f.created_at DESC, f.id DESC`,
        [customerId],
      );
      return rows.map((row) => toProductCard(row, rates, currencyId));
    },

    /** Idempotent: adding a favourite twice answers the same row. Null when the product is unknown. */
    async addFavourite(customerId: number, productId: number): Promise<{ id: number; produto_id: number } | null> {
      const { rows } = await db.query<{ id: number }>(
        `WITH product AS (SELECT id FROM products WHERE id = $2),
              inserted AS (
                INSERT INTO favourites (customer_id, product_id) SELECT $1, id FROM product
                ON CONFLICT (customer_id, product_id) DO NOTHING RETURNING id)
         SELECT id FROM inserted
         UNION ALL SELECT f.id FROM favourites f JOIN product p ON p.id = f.product_id WHERE f.customer_id = $1`,
        [customerId, productId],
      );
      const id = rows[0]?.id;
      return id === undefined ? null : { id, produto_id: productId };
    },

    /** Removes by favourite id (the contract's DELETE /ecom/favoritos/{id}); false when not the customer's. */
    async removeFavourite(customerId: number, favouriteId: number): Promise<boolean> {
      const result = await db.query('DELETE FROM favourites WHERE customer_id = $1 AND id = $2', [customerId, favouriteId]);
      return (result.rowCount ?? 0) > 0;
    },

    async removeFavouriteByProduct(customerId: number, productId: number): Promise<boolean> {
      const result = await db.query('DELETE FROM favourites WHERE customer_id = $1 AND product_id = $2', [customerId, productId]);
      return (result.rowCount ?? 0) > 0;
    },
  };
}
