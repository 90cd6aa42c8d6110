import { z } from 'zod';
import type { CartProductView } from './cart.ts';
import { idSchema } from './input.ts';

/**
 * POST /ecom/favoritos: the server parses with it; the favourites island types its request by it
 * through `import type` only (full zod stays out of its bundle).
 */
export const FavouriteBodySchema = z.object({ produto_id: idSchema });
export type FavouriteBody = z.output<typeof FavouriteBodySchema>;

/** A favourite (GET /ecom/favoritos `data`, POST's answer): the same product summary as a cart line, plus its price for the card. */
export interface FavouriteView {
  id: number;
  produto_id: number;
  produto: CartProductView & { price_minor: number; currency_id: number };
}

/** POST /ecom/favoritos's answer: the favourite's id. */
export type FavouriteAdded = Pick<FavouriteView, 'id' | 'produto_id'>;

/** GET /ecom/favoritos. */
export interface FavouriteList {
  data: FavouriteView[];
}
