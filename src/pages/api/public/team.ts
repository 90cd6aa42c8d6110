import type { APIRoute } from 'astro';
import { LangQuerySchema } from '../../../lib/contract/catalog.ts';
import { toApiLang } from '../../../lib/locale.ts';
import { catalogJson, handleCatalogRequest } from '../../../server/catalog/http.ts';
import { getCatalogService } from '../../../server/catalog/services.ts';
import { parseQuery } from '../../../server/http/responses.ts';

/** The contract sends no lang here: roles follow the request's locale unless lang is given. */
export const GET: APIRoute = (context) => handleCatalogRequest(context, async () => {
  const query = parseQuery(context.url, LangQuerySchema, context.locals.locale);
  if (!query.ok) return query.response;
  const lang = context.url.searchParams.get('lang') ? query.data.lang : toApiLang(context.locals.locale);
  return catalogJson(await getCatalogService().listTeam(lang));
});
