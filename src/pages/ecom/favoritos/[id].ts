import type { APIRoute } from 'astro';
import { removeFavourite } from '#server/favourites/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** DELETE /ecom/favoritos/{id} (`?by=produto`: the product's id). */
export const DELETE: APIRoute = toAstroRoute(removeFavourite);
