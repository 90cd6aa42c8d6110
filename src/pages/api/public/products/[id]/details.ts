import type { APIRoute } from 'astro';
import { LangQuerySchema, ProductIdParamSchema } from '../../../../../lib/contract/catalog.ts';
import { catalogApiMessages } from '../../../../../lib/i18n/catalog-api.ts';
import { createTranslator } from '../../../../../lib/i18n/translator.ts';
import type { CurrencyId } from '../../../../../lib/locale.ts';
import { catalogJson, handleCatalogRequest } from '../../../../../server/catalog/http.ts';
import { getCatalogService } from '../../../../../server/catalog/services.ts';
import { invalidParams, jsonError, parseQuery, zodMessagesIn } from '../../../../../server/http/responses.ts';

/** A product by id (or slug, for the /produto/{slug} page). */
export const GET: APIRoute = (context) => handleCatalogRequest(context, async () => {
  const { locale } = context.locals;
  const query = parseQuery(context.url, LangQuerySchema, locale);
  if (!query.ok) return query.response;
  const id = ProductIdParamSchema.safeParse(context.params.id, zodMessagesIn(locale));
  if (!id.success) return invalidParams({ id: id.error.issues.map((issue) => issue.message) }, locale);
  const { lang, moeda_id: currency } = query.data;
  const product = await getCatalogService().getProductDetails(id.data, lang, currency as CurrencyId | undefined);
  if (!product) return jsonError(404, createTranslator(catalogApiMessages, locale)('productNotFound'));
  return catalogJson(product);
});
