// The public catalogue API (storefront spec section 7), as handlers of Astro's context shape:
// the endpoint files under src/pages/api/public are one-line adapters to these.
import type { APIContext } from 'astro';
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
import { invalidParams, json, jsonError, parseJsonBody, parseQuery, zodMessagesIn } from '../http/responses.ts';
import { catalogJson, handleCatalogRequest } from './http.ts';
import { getCatalogService } from './index.ts';

/** GET /api/public/products: a page of products and the total matching. */
export const getProducts = (context: APIContext) =>
  handleCatalogRequest(context, async () => {
    const query = parseQuery(context.url, ProductsQuerySchema, context.locals.locale);
    if (!query.ok) return query.response;
    return catalogJson(await getCatalogService().listProducts(query.data));
  });

/** GET /api/public/products/{id}/details: a product by id (or slug, for the /produto/{slug} page). */
export const getProductDetails = (context: APIContext) =>
  handleCatalogRequest(context, async () => {
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

/** GET /api/public/brands. */
export const getBrands = (context: APIContext) =>
  handleCatalogRequest(context, async () => {
    const query = parseQuery(context.url, LangQuerySchema, context.locals.locale);
    if (!query.ok) return query.response;
    return catalogJson(await getCatalogService().listBrands(query.data.lang));
  });

/** GET /api/public/categories. */
export const getCategories = (context: APIContext) =>
  handleCatalogRequest(context, async () => {
    const query = parseQuery(context.url, CategoriesQuerySchema, context.locals.locale);
    if (!query.ok) return query.response;
    return catalogJson(await getCatalogService().listCategories(query.data.lang, { special: query.data.special }));
  });

/** GET /api/public/start: everything the shell needs at start. */
export const getStart = (context: APIContext) =>
  handleCatalogRequest(context, async () => {
    const query = parseQuery(context.url, StartQuerySchema, context.locals.locale);
    if (!query.ok) return query.response;
    return catalogJson(await getCatalogService().getStartData(query.data.lang));
  });

/** GET /api/public/team. The contract sends no lang here: roles follow the request's locale unless lang is given. */
export const getTeam = (context: APIContext) =>
  handleCatalogRequest(context, async () => {
    const query = parseQuery(context.url, LangQuerySchema, context.locals.locale);
    if (!query.ok) return query.response;
    const lang = context.url.searchParams.get('lang') ? query.data.lang : toApiLang(context.locals.locale);
    return catalogJson(await getCatalogService().listTeam(lang));
  });

/**
 * POST /api/public/contato-newsletter: offers signup. The phone's digits (10 to 15) are stored
 * once, read by the shop's one phone rule (a local '0981 123456' on the es-PY host is stored as
 * 595981123456); a repeat answers 200.
 */
export const postNewsletterContact = (context: APIContext) =>
  handleCatalogRequest(context, async () => {
    const home = createTranslator(homeMessages, context.locals.locale);
    const schema = createNewsletterBodySchema({ numbersOnly: home('offersNumbersOnly'), digits: home('offersDigits') });
    const body = await parseJsonBody(context.request, schema, context.locals.locale);
    if (!body.ok) return body.response;
    const t = createTranslator(catalogApiMessages, context.locals.locale);
    const { created } = await getCatalogService().saveNewsletterContact(
      toStoredPhoneDigits(body.data.celular, getPhoneCountry(context.locals.locale)),
      context.locals.locale,
    );
    return json(
      { message: t(created ? 'newsletterSaved' : 'newsletterKnown'), celular: body.data.celular },
      { status: created ? 201 : 200 },
    );
  });
