import type { APIRoute } from 'astro';
import { CategoriesQuerySchema } from '../../../lib/contract/catalog.ts';
import { catalogJson, handleCatalogRequest } from '../../../server/catalog/http.ts';
import { getCatalogService } from '../../../server/catalog/services.ts';
import { parseQuery } from '../../../server/http/responses.ts';

export const GET: APIRoute = (context) => handleCatalogRequest(context, async () => {
  const query = parseQuery(context.url, CategoriesQuerySchema, context.locals.locale);
  if (!query.ok) return query.response;
  return catalogJson(await getCatalogService().listCategories(query.data.lang, { special: query.data.special }));
});
