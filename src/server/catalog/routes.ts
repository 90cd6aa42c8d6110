// The public catalogue API (storefront spec section 7), framework-free: the endpoint files under
// src/pages/api/public are one-line adapters to these (decision 0720).
import {
  CategoriesQuerySchema,
  createNewsletterBodySchema,
  LangQuerySchema,
  ProductIdParamSchema,
  ProductsQuerySchema,
  StartQuerySchema,
} from '#lib/contract/catalog.ts';
import { catalogApiMessages } from '#lib/i18n/catalog-api.ts';
import { homeMessages } from '#lib/i18n/home.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { CurrencyId } from '#lib/locale.ts';
import { toApiLang } from '#lib/locale.ts';
import { getPhoneCountry, toStoredPhoneDigits } from '#lib/phone.ts';
import type { ApiCall, ApiHandler } from '../http/api-call.ts';
import { errorResult, invalidParamsResult, jsonResult, readJsonBody, readQuery, zodMessagesIn, type ApiResult } from '../http/responses.ts';
import { toLoggedError, toServerErrorResult } from '../http/server-error.ts';
import { getCatalogService } from './index.ts';

/** Catalogue answers may be cached by browsers briefly and by shared caches (CDN) longer. */
const CATALOG_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

function catalogJson(data: unknown): ApiResult {
  return jsonResult(200, data, { 'cache-control': CATALOG_CACHE_CONTROL });
}

/**
 * A catalogue route: an unexpected failure becomes a JSON 500 (logged), never an HTML page; an
 * unreachable database a 503 the client may retry. The time spent is reported in a
 * Server-Timing header (the benchmark reads it).
 */
function catalogRoute(handler: ApiHandler): ApiHandler {
  return async (call) => {
    const started = performance.now();
    try {
      const result = await handler(call);
      return { ...result, headers: { ...result.headers, 'server-timing': `app;dur=${(performance.now() - started).toFixed(2)}` } };
    } catch (error) {
      console.error(`[catalog] ${call.method} ${call.url.pathname} failed`, toLoggedError(error));
      return toServerErrorResult(error, call.locals.locale);
    }
  };
}

/** GET /api/public/products: a page of products and the total matching. */
export const getProducts = catalogRoute(async ({ url, locals }) => {
  const query = readQuery(url.searchParams, ProductsQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  return catalogJson(await getCatalogService().listProducts(query.data));
});

/** GET /api/public/products/{id}/details: a product by id (or slug, for the /produto/{slug} page). */
export const getProductDetails = catalogRoute(async ({ id: rawId, url, locals }: ApiCall) => {
  const { locale } = locals;
  const query = readQuery(url.searchParams, LangQuerySchema, locale);
  if (!query.ok) return query.result;
  const id = ProductIdParamSchema.safeParse(rawId, zodMessagesIn(locale));
  if (!id.success) return invalidParamsResult({ id: id.error.issues.map((issue) => issue.message) }, locale);
  const { lang, moeda_id: currency } = query.data;
  const product = await getCatalogService().getProductDetails(id.data, lang, currency as CurrencyId | undefined);
  if (!product) return errorResult(404, createTranslator(catalogApiMessages, locale)('productNotFound'));
  return catalogJson(product);
});

/** GET /api/public/brands. */
export const getBrands = catalogRoute(async ({ url, locals }) => {
  const query = readQuery(url.searchParams, LangQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  return catalogJson(await getCatalogService().listBrands(query.data.lang));
});

/** GET /api/public/categories. */
export const getCategories = catalogRoute(async ({ url, locals }) => {
  const query = readQuery(url.searchParams, CategoriesQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  return catalogJson(await getCatalogService().listCategories(query.data.lang, { special: query.data.special }));
});

/** GET /api/public/start: everything the shell needs at start. */
export const getStart = catalogRoute(async ({ url, locals }) => {
  const query = readQuery(url.searchParams, StartQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  return catalogJson(await getCatalogService().getStartData(query.data.lang));
});

/** GET /api/public/team. The contract sends no lang here: roles follow the request's locale unless lang is given. */
export const getTeam = catalogRoute(async ({ url, locals }) => {
  const query = readQuery(url.searchParams, LangQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  const lang = url.searchParams.get('lang') ? query.data.lang : toApiLang(locals.locale);
  return catalogJson(await getCatalogService().listTeam(lang));
});

/**
 * POST /api/public/contato-newsletter: offers signup. The phone's digits (10 to 15) are stored
 * once, read by the shop's one phone rule (a local '0981 123456' on the es-PY host is stored as
 * 595981123456); a repeat answers 200.
 */
export const postNewsletterContact = catalogRoute(async ({ body, locals }) => {
  const { locale } = locals;
  const home = createTranslator(homeMessages, locale);
  const schema = createNewsletterBodySchema({ numbersOnly: home('offersNumbersOnly'), digits: home('offersDigits') });
  const parsed = await readJsonBody(body, schema, locale);
  if (!parsed.ok) return parsed.result;
  const t = createTranslator(catalogApiMessages, locale);
  const { created } = await getCatalogService().saveNewsletterContact(
    toStoredPhoneDigits(parsed.data.celular, getPhoneCountry(locale)),
    locale,
  );
  return jsonResult(created ? 201 : 200, { message: t(created ? 'newsletterSaved' : 'newsletterKnown'), celular: parsed.data.celular });
});
