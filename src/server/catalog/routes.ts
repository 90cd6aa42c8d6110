// The public catalogue API (storefront spec section 7), framework-free: the endpoint files under
// src/pages/api/public are one-line adapters to these (decision 0720). Below them, the answers
// of the demo pictures under /img/ (src/pages/img/).
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
import { DEMO_PRODUCT_WIDTHS } from '#lib/pictures.ts';
import { OFFERS_PHONE_MAX_LENGTH } from '#lib/offers-phone.ts';
import { getPhoneCountry, toStoredPhoneDigits } from '#lib/phone.ts';
import sharp from 'sharp';
import { createCache } from '../cache/index.ts';
import { BRANDS } from '../db/seed/catalogue-data.ts';
import { isImageKind, renderAvatar, renderBanner, renderBrandLogo, renderProductImage } from '../db/seed/svg-art.ts';
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
  const schema = createNewsletterBodySchema({
    required: home('offersRequired'),
    minLength: home('offersMinLength'),
    maxLength: home('offersMaxLength', { max: OFFERS_PHONE_MAX_LENGTH.desktop }),
    digits: home('offersDigits'),
    numbersOnly: home('offersNumbersOnly'),
  });
  const parsed = await readJsonBody(body, schema, locale);
  if (!parsed.ok) return parsed.result;
  const t = createTranslator(catalogApiMessages, locale);
  const { created } = await getCatalogService().saveNewsletterContact(
    toStoredPhoneDigits(parsed.data.celular, getPhoneCountry(locale)),
    locale,
  );
  return jsonResult(created ? 201 : 200, { message: t(created ? 'newsletterSaved' : 'newsletterKnown'), celular: parsed.data.celular });
});

/**
 * The generated demo pictures served under /img/: products /img/p/{kind}/{seed}-{view}.webp,
 * `-160`/`-320` narrower copies of products for srcset, brand logos /img/brand/{slug}.webp, banners /img/banner/{wide|tile}-{kind}-{seed}.webp,
 * seller avatars /img/seller/{n}.webp. Drawn as SVG (db/seed/svg-art.ts) and sent as WebP: a browser
 * builds a whole document on its main thread for every SVG picture (10-30 ms each on a throttled
 * phone, a dozen pictures on the home page), while a raster picture decodes off it (issue 3's
 * TBT budget). The same addresses ending in .svg still answer the drawing itself (databases
 * seeded before the switch). Deterministic, so cached for a long time.
 */
type Format = 'svg' | 'webp';

const CACHE_CONTROL = 'public, max-age=86400, s-maxage=604800, stale-while-revalidate=604800';
/** Product pictures are drawn at 1.5x their 400 px box: sharp enough in the product gallery. */
const PRODUCT_DENSITY = 72 * 1.5;
const PRODUCT_FULL_WIDTH = 600;
/** Drawn from their address alone: no catalogue change concerns them. */
const webpPictures = createCache<string, Promise<Buffer>>({ name: 'demo-webp', maxEntries: 600, listens: false });

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The WebP of a drawing, encoded once per process (the most recently used 600 kept); effort 2
 * encodes about 3x faster than the default 4 for about 10% more bytes (3.8 kB for a product). */
function toWebp(key: string, svg: string, density: number): Promise<Buffer> {
  return webpPictures.getOrSet(key, () => sharp(Buffer.from(svg), { density }).webp({ quality: 80, effort: 2 }).toBuffer());
}

async function imageResponse(key: string, svg: string | null, format: Format, density = 72): Promise<Response> {
  if (svg === null) return notFound();
  if (format === 'svg') {
    return new Response(svg, {
      headers: {
        'content-type': 'image/svg+xml',
        'cache-control': CACHE_CONTROL,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  }
  const body = await toWebp(key, svg, density);
  return new Response(new Uint8Array(body), { headers: { 'content-type': 'image/webp', 'cache-control': CACHE_CONTROL } });
}

/** `name.svg` or `name.webp` split into the name (matched by `name`) and the format. */
function parseFile(file: string | undefined, name: RegExp): { match: RegExpMatchArray; format: Format } | null {
  const parts = file?.match(/^(.+)\.(svg|webp)$/);
  const match = parts?.[1]?.match(name);
  return parts && match ? { match, format: parts[2] as Format } : null;
}

export function getProductImage(kind: string | undefined, file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^(\d{1,9})-([1-9])(?:-(\d{3}))?$/);
  if (!kind || !isImageKind(kind) || !parsed) return Promise.resolve(notFound());
  const [, seed, view, width] = parsed.match;
  // `-160` / `-320`: the narrower files a srcset offers thumbnails and cards (src/lib/pictures.ts).
  const scale = width ? Number(width) / PRODUCT_FULL_WIDTH : 1;
  if (width && !(DEMO_PRODUCT_WIDTHS as readonly number[]).includes(Number(width))) return Promise.resolve(notFound());
  const svg = renderProductImage(kind, Number(seed), Number(view) - 1);
  return imageResponse(`p/${kind}/${file}`, svg, parsed.format, PRODUCT_DENSITY * scale);
}

export function getBrandLogo(file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^([a-z0-9-]{1,60})$/);
  const slug = parsed?.match[1];
  if (!parsed || !slug) return Promise.resolve(notFound());
  const brand = BRANDS.find((b) => b.slug === slug);
  const name = brand?.name ?? slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return imageResponse(`brand/${file}`, renderBrandLogo({ name, colors: brand?.colors ?? ['#1f7a3a', '#ffffff'] }), parsed.format);
}

export function getBannerImage(file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^(wide|tile)-([a-z]+)-(\d{1,6})$/);
  const kind = parsed?.match[2];
  if (!parsed || !kind || !isImageKind(kind)) return Promise.resolve(notFound());
  return imageResponse(`banner/${file}`, renderBanner(kind, Number(parsed.match[3]), parsed.match[1] === 'wide'), parsed.format);
}

export function getSellerAvatar(file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^(\d{1,6})$/);
  return parsed ? imageResponse(`seller/${file}`, renderAvatar(Number(parsed.match[1])), parsed.format) : Promise.resolve(notFound());
}
