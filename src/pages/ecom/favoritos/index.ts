import type { APIRoute } from 'astro';
import { addFavourite, listFavourites } from '#server/favourites/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** GET /ecom/favoritos: the customer's favourites; POST {produto_id} adds one. */
export const GET: APIRoute = toAstroRoute(listFavourites);
export const POST: APIRoute = toAstroRoute(addFavourite);
