import { z } from 'zod';
import { idSchema } from './input.ts';

/**
 * POST /ecom/favoritos: the server parses with it; the favourites island types its request by it
 * through `import type` only (full zod stays out of its bundle).
 */
export const FavouriteBodySchema = z.object({ produto_id: idSchema });
export type FavouriteBody = z.output<typeof FavouriteBodySchema>;
