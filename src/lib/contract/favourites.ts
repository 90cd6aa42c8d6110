import { z } from 'zod';
import { CartProductViewSchema } from './cart-schema.ts';
import { idSchema } from './input.ts';

/**
 * POST /ecom/favoritos: the server parses with it; the favourites island types its request by it
 * through `import type` only (full zod stays out of its bundle). The answers' schemas below.
 */
export const FavouriteBodySchema = z.object({ produto_id: idSchema });
export type FavouriteBody = z.output<typeof FavouriteBodySchema>;

/** A favourite (GET /ecom/favoritos `data`): the same product summary as a cart line, plus its price for the card. */
export const FavouriteViewSchema = z.object({
  id: z.number().int(),
  produto_id: z.number().int(),
  produto: CartProductViewSchema.extend({ price_minor: z.number().int(), currency_id: z.number().int() }),
});
export type FavouriteView = z.infer<typeof FavouriteViewSchema>;

/** POST /ecom/favoritos's answer: the favourite's id. */
export const FavouriteAddedSchema = FavouriteViewSchema.pick({ id: true, produto_id: true });
export type FavouriteAdded = z.infer<typeof FavouriteAddedSchema>;

/** GET /ecom/favoritos. */
export const FavouriteListSchema = z.object({ data: z.array(FavouriteViewSchema) });
export type FavouriteList = z.infer<typeof FavouriteListSchema>;
