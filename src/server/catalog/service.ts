import type {
  ApiLang,
  Banner,
  Brand,
  Category,
  ExchangeRate,
  Faq,
  Product,
  ProductCard,
  ProductList,
  Seller,
  StartData,
} from '#lib/contract/catalog.ts';
import { PRODUCTS_MAX_PER_PAGE } from '#lib/contract/catalog.ts';
import type { CurrencyId } from '#lib/locale.ts';
import { createCache } from '../cache/index.ts';
import type { Queryable } from '../db/client.ts';
import { getPriceTable } from '../prices/index.ts';
import sanitizeHtml from 'sanitize-html';
import {
  findBrandBySlug,
  getProductDetails,
  insertNewsletterContact,
  listProducts,
  listRelatedProducts,
  readBanners,
  readBrands,
  readCategories,
  readFaq,
  readHomeProducts,
  readSellers,
  type HomeProductsQuery,
  type ProductsFilter,
  type BrandRow,
  type CategoryRow,
} from './repository.ts';

/**
 * Catalogue text is sanitised when it is written (seed, import, admin), so every reader can
 * render it as stored.
 */

const DESCRIPTION_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'span',
    'small',
    'sub',
    'sup',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** A product's HTML description (caracteristica): formatting and links only; no scripts, styles or handlers. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_OPTIONS).trim();
}

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'rect',
  'line',
  'polyline',
  'polygon',
  'title',
  'desc',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'text',
  'tspan',
];
const SVG_ATTRIBUTES = [
  'xmlns',
  'viewbox',
  'width',
  'height',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-opacity',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'opacity',
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'points',
  'transform',
  'offset',
  'stop-color',
  'stop-opacity',
  'id',
  'gradientunits',
  'text-anchor',
  'font-family',
  'font-size',
  'font-weight',
];

const SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  // Keep the text of nothing unknown (a <script> body must not survive as text either).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'foreignobject', 'iframe'],
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, xmlMode: false },
};

const CASE_FIXES: Record<string, string> = {
  viewbox: 'viewBox',
  lineargradient: 'linearGradient',
  radialgradient: 'radialGradient',
  gradientunits: 'gradientUnits',
};

/**
 * A category or department icon: accepted only as SVG markup, sanitised to drawing elements.
 * Anything else (an <img>, a data URL, HTML, an empty drawing) gives null: the default icon.
 */
export function sanitizeSvgIcon(markup: string | null | undefined): string | null {
  if (typeof markup !== 'string' || markup.length > 50_000) return null;
  const source = markup.trim().replace(/^<\?xml[^>]*\?>\s*/i, '');
  if (!/^<svg[\s>]/i.test(source) || !/<\/svg>$/i.test(source)) return null;
  const cleaned = sanitizeHtml(source, SVG_OPTIONS)
    .replace(/\b(viewbox|lineargradient|radialgradient|gradientunits)\b/g, (name) => CASE_FIXES[name] ?? name)
    .trim();
  // Attribute values may not smuggle URLs other than local fragment references.
  if (/(javascript|data|vbscript):/i.test(cleaned) || /url\(\s*['"]?(?!#)/i.test(cleaned)) return null;
  if (!/^<svg[\s>]/.test(cleaned) || !/<\/svg>$/.test(cleaned)) return null;
  if (!/<(path|circle|ellipse|rect|line|polyline|polygon|text)\b/.test(cleaned)) return null;
  return cleaned.includes('xmlns=') ? cleaned : cleaned.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}

export type SpecialFilter = 'only' | 'include' | 'exclude';

/** Icons leave the service sanitised whoever stored them; a handful of distinct ones, so memoised by their text. */
const safeIcons = createCache<string, string | null>({ name: 'safe-icons', maxEntries: 500, listens: false });
function toSafeIcon(svg: string | null): string | null {
  return svg === null ? null : safeIcons.getOrSet(svg, () => sanitizeSvgIcon(svg));
}

const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  icone: toSafeIcon(row.icon_svg),
  visivel_menu: row.menu_visible,
  special: row.special,
  departments: (row.departments ?? []).map((department) => ({ ...department, icone: toSafeIcon(department.icone) })),
});

const toBrand = (row: BrandRow): Brand => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  nome: row.name,
  logo: row.logo_url,
});

/**
 * The catalogue, read in-process by the public API endpoints and the server-rendered pages.
 * `lang` picks the language of names and descriptions.
 */
export function createCatalogService({ db }: { db: Queryable }) {
  /** The USD rates as the contract shows them: the prices' one cached read (decision 1320). */
  async function getExchangeRates(): Promise<ExchangeRate[]> {
    return (await getPriceTable(db)).exchangeRates;
  }

  async function listCategories(lang: ApiLang, { special = 'exclude' }: { special?: SpecialFilter } = {}): Promise<Category[]> {
    const rows = await readCategories(db, lang, { special: special === 'only' ? true : special === 'exclude' ? false : null });
    return rows.map(toCategory);
  }

  /** All brands, or with `categoryId` only those that have products in that category. */
  async function listBrands(_lang: ApiLang = 'pt', { categoryId }: { categoryId?: number } = {}): Promise<Brand[]> {
    return (await readBrands(db, categoryId ?? null)).map(toBrand);
  }

  async function listBanners(lang: ApiLang): Promise<Banner[]> {
    return (await readBanners(db, lang)).map((r) => ({
      id: r.id,
      tipo: r.kind,
      imagem: r.image_url,
      link: r.link,
      titulo: r.title,
      descricao: r.description,
    }));
  }

  async function listFaq(lang: ApiLang): Promise<Faq[]> {
    return (await readFaq(db, lang)).map((r) => ({ id: r.id, pergunta: r.question, resposta: r.answer }));
  }

  async function listTeam(lang: ApiLang): Promise<Seller[]> {
    return (await readSellers(db, lang)).map((r) => ({ id: r.id, nome: r.name, funcao: r.role, whatsapp: r.whatsapp, foto: r.photo_url }));
  }

  return {
    getExchangeRates,
    listCategories,
    listBrands,
    listBanners,
    listFaq,
    listTeam,

    /** Everything the shell needs at start (spec section 3, "Start data"). */
    async getStartData(lang: ApiLang): Promise<StartData> {
      const [exchangeRates, brands, categories, banners, faq] = await Promise.all([
        getExchangeRates(),
        listBrands(lang),
        listCategories(lang, { special: 'include' }),
        listBanners(lang),
        listFaq(lang),
      ]);
      return {
        exchange_rates: exchangeRates,
        brands,
        categories: categories.filter((c) => !c.special),
        categories_special: categories.filter((c) => c.special),
        banners,
        faq,
      };
    },

    /**
     * A page of products and the total matching: the parsed /api/public/products query; pages
     * may pass only what they need (page 1, 20 per page, lang pt by default).
     */
    async listProducts(query: Partial<ProductsFilter>): Promise<ProductList> {
      const perPage = Math.min(Math.max(1, Math.trunc(query.per_page ?? 20)), PRODUCTS_MAX_PER_PAGE);
      const page = Math.max(1, Math.trunc(query.page ?? 1));
      const full: ProductsFilter = {
        brands_ids: undefined,
        all_products: undefined,
        tem_estoque: undefined,
        order_by: undefined,
        order: undefined,
        ...query,
        lang: query.lang ?? 'pt',
        page,
        per_page: perPage,
      };
      return listProducts(db, full, await getExchangeRates());
    },

    /** The home's category row and "most searched" row, in one statement (readHomeProducts). */
    async listHomeProducts(query: HomeProductsQuery, currency?: CurrencyId) {
      return readHomeProducts(db, query, await getExchangeRates(), currency);
    },

    /** Up to `limit` in-stock products of the product's brand, the product itself left out. */
    async listRelatedProducts(
      product: { id: number; brandId: number },
      lang: ApiLang,
      limit: number,
      currency?: CurrencyId,
    ): Promise<ProductCard[]> {
      return listRelatedProducts(db, product.brandId, product.id, limit, lang, await getExchangeRates(), currency);
    },

    /** A product by id or slug; prices converted to `currency` in preco_atual when given. */
    async getProductDetails(idOrSlug: number | string, lang: ApiLang, currency?: CurrencyId): Promise<Product | null> {
      return getProductDetails(db, idOrSlug, lang, await getExchangeRates(), currency);
    },

    async getProductBySlug(slug: string, lang: ApiLang, currency?: CurrencyId): Promise<Product | null> {
      return getProductDetails(db, slug, lang, await getExchangeRates(), currency);
    },

    async getBrandBySlug(slug: string): Promise<Brand | null> {
      const row = await findBrandBySlug(db, slug);
      return row ? toBrand(row) : null;
    },

    /** A category (special or not) with its departments. */
    async getCategoryBySlug(slug: string, lang: ApiLang): Promise<Category | null> {
      const row = (await readCategories(db, lang, { slug }))[0];
      return row ? toCategory(row) : null;
    },

    /** Stores a phone for offers once: false when it was already there. */
    async saveNewsletterContact(phoneDigits: string, locale: string): Promise<{ created: boolean }> {
      return { created: await insertNewsletterContact(db, phoneDigits, locale) };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
