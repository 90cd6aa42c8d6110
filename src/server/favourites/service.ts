import type { ApiLang, ProductCard } from '#lib/contract/catalog.ts';
import type { FavouriteAdded, FavouriteView } from '#lib/contract/favourites.ts';
import type { CurrencyId } from '#lib/locale.ts';
import type { RateLike } from '#lib/money.ts';
import { toProductCard } from '../catalog/product-mapper.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { createFavouritesRepository } from './repository.ts';

/** Server-side favourites of signed-in customers (visitors keep theirs in the browser). */
export function createFavouritesService({ db }: { db: Queryable; clock: Clock }) {
  const favourites = createFavouritesRepository(db);
  return {
    async listFavourites(customerId: number, lang: 'pt' | 'es'): Promise<FavouriteView[]> {
      const rows = await favourites.list(customerId, lang);
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
    async listFavouriteCards(
      customerId: number,
      lang: ApiLang,
      rates: readonly RateLike[],
      currencyId: CurrencyId,
    ): Promise<ProductCard[]> {
      const rows = await favourites.listProducts(customerId, lang);
      return rows.map((row) => toProductCard(row, rates, currencyId));
    },

    /** Idempotent: adding a favourite twice answers the same row. Null when the product is unknown. */
    async addFavourite(customerId: number, productId: number): Promise<FavouriteAdded | null> {
      const id = await favourites.add(customerId, productId);
      return id === null ? null : { id, produto_id: productId };
    },

    /** Removes by favourite id (the contract's DELETE /ecom/favoritos/{id}); false when not the customer's. */
    removeFavourite: (customerId: number, favouriteId: number): Promise<boolean> => favourites.remove(customerId, favouriteId),

    removeFavouriteByProduct: (customerId: number, productId: number): Promise<boolean> =>
      favourites.removeByProduct(customerId, productId),
  };
}
