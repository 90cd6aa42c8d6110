import type { Banner, Brand, Category, ExchangeRate, ProductCard, StartData } from '#lib/contract/catalog.ts';
import { toApiLang, type CurrencyId, type Locale } from '#lib/locale.ts';
import { createCache } from '#server/cache/index.ts';
import { getCatalogService } from '#server/catalog/index.ts';

/** Spec section 9: 8 categories desktop, 5 mobile; 8 products per category; 20 most searched; 10 mobile brands. */
export const HOME_CATEGORIES = 8;
export const HOME_CATEGORIES_MOBILE = 5;
export const HOME_CATEGORY_PRODUCTS = 8;
export const HOME_MOST_SEARCHED = 20;

export interface HomeData {
  /** Names the start data read the categories and banners come from (a new read, a new number). */
  startRead: number;
  categories: Category[];
  selected: Category | null;
  categoryProducts: ProductCard[];
  mostSearched: ProductCard[];
  brands: Brand[];
  mainBanners: Banner[];
  triple: Banner[];
  offersBanner: Banner | null;
  exchangeRates: ExchangeRate[];
}

// Start data is rates, categories, brands and banners: any change but a single product's drops it.
const startCache = createCache<'pt' | 'es', Promise<StartData>>({
  name: 'home-start',
  maxEntries: 2,
  ttlMs: 30_000,
  clearOn: (tag) => !tag.startsWith('product:'),
});

let startReads = 0;
const startReadNumbers = new WeakMap<StartData, number>();
function getStartReadNumber(start: StartData): number {
  let number = startReadNumbers.get(start);
  if (number === undefined) {
    startReads += 1;
    number = startReads;
    startReadNumbers.set(start, number);
  }
  return number;
}

/**
 * A value made from `source` (an object kept across requests: the home's card rows, the same
 * array while their rows and the rates are unchanged) and `context` (everything else it is made
 * from), made once: the home's render-once keys are long JSON (every card's fields).
 */
const derived = new WeakMap<object, Map<string, string>>();
const DERIVED_PER_SOURCE_MAX = 100;
export function deriveOnce(source: object, context: string, make: () => string): string {
  let values = derived.get(source);
  if (!values) {
    values = new Map();
    derived.set(source, values);
  }
  let value = values.get(context);
  if (value === undefined) {
    value = make();
    if (values.size >= DERIVED_PER_SOURCE_MAX) values.clear();
    values.set(context, value);
  }
  return value;
}

export function getStartData(lang: 'pt' | 'es'): Promise<StartData> {
  return startCache.getOrSet(lang, () => getCatalogService().getStartData(lang));
}

/**
 * The triple and offers banners follow the panel's order like the carousel (issue 20): of each
 * type the first in that order is shown (banners arrive ordered by position, then id). The
 * spec's "highest id" was the rule while banners had no order an admin could set.
 */
function getFirstInPanelOrder(banners: readonly Banner[], type: Banner['tipo']): Banner | null {
  return banners.find((b) => b.tipo === type) ?? null;
}

/** `withMostSearched`: false for phones, which do not show that carousel (spec section 2). */
export async function getHomeData(
  locale: Locale,
  currencyId: CurrencyId,
  categorySlug: string | null,
  { withMostSearched = true } = {},
): Promise<HomeData> {
  const lang = toApiLang(locale);
  const catalog = getCatalogService();
  const start = await getStartData(lang);
  const categories = start.categories.filter((c) => c.visivel_menu).slice(0, HOME_CATEGORIES);
  const selected = categories.find((c) => c.slug === categorySlug) ?? categories[0] ?? null;
  const products = await catalog.listHomeProducts(
    {
      lang,
      categoryId: selected?.id ?? null,
      categoryLimit: HOME_CATEGORY_PRODUCTS,
      mostSearchedLimit: withMostSearched ? HOME_MOST_SEARCHED : 0,
    },
    currencyId,
  );
  const triple = (['Triplo Esquerdo', 'Triplo Centro', 'Triplo Direito'] as const)
    .map((type) => getFirstInPanelOrder(start.banners, type))
    .filter((b): b is Banner => b !== null);
  return {
    startRead: getStartReadNumber(start),
    categories,
    selected,
    categoryProducts: products.category,
    mostSearched: products.mostSearched,
    brands: start.brands,
    mainBanners: start.banners.filter((b) => b.tipo === 'Banner Principal'),
    triple,
    offersBanner: getFirstInPanelOrder(start.banners, 'Receba Ofertas'),
    exchangeRates: start.exchange_rates,
  };
}
