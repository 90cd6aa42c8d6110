import type { APIRoute } from 'astro';
import { getAllInStock, resolveListingHref } from '../components/catalog/listing-data.ts';
import { createPriceListRoute } from '#server/exports/routes.ts';
import { toAstroRoute } from '#server/http/api-call.ts';

/** GET /exportar?formato=txt|pdf&de=<listing>: the listing's in-stock products as a price list. */
export const GET: APIRoute = toAstroRoute(createPriceListRoute({ resolveScope: resolveListingHref, listInStock: getAllInStock }));
