/**
 * The storefront registry (issue 30 point 1, decision 1220): one typed definition per
 * storefront, read wherever the shop decides something by host. Adding a storefront is one
 * entry here plus its translations (its locale in the message catalogues, its manifest texts in
 * `i18n/storefronts.ts`). Isomorphic and pure: which storefronts a process serves, and at which
 * origin, is the server's `storefront-hosts.ts`.
 */
export const LOCALES = ['pt-BR', 'es-PY', 'es-AR'] as const;
export type Locale = (typeof LOCALES)[number];

export const CURRENCY = { BRL: 1, USD: 2, PYG: 3, ARS: 4 } as const;
export type CurrencyId = (typeof CURRENCY)[keyof typeof CURRENCY];

export const COUNTRY = { BR: 1, PY: 2 } as const;

export const STOREFRONT_IDS = ['br', 'es', 'ar'] as const;
export type StorefrontId = (typeof STOREFRONT_IDS)[number];

/** Who buys there (DECISIONS.md estrangeiro): 1 Brazilian buyers (CPF), 0 Paraguayan buyers (RUC). */
export type BuyerKind = 0 | 1;

export interface StorefrontDefinition {
  id: StorefrontId;
  /** The environment variable of its public origin; unset (or none): `http://<id>.localhost:$PORT`. */
  originSetting: 'SHOP_ORIGIN_BR' | 'SHOP_ORIGIN_ES' | null;
  /** Served only when the TEST_STOREFRONTS setting names it (a storefront proven in tests, not sold in yet). */
  testOnly: boolean;
  /** The language a visitor gets first; every locale is the first locale of exactly one storefront. */
  locale: Locale;
  /** The languages its language selector offers (`?lang=`). */
  locales: readonly Locale[];
  /** `hreflang` of its pages in alternates and the sitemap. */
  hreflang: string;
  /** ISO 3166 country, of the structured data's shipping and returns. */
  country: 'BR' | 'PY' | 'AR';
  /**
   * One currency story per visitor (decision 1220, amending DECISIONS.md "Currency shown"): every
   * page, e-mail and PDF leads with `primary`; the others follow in `secondary`'s order, the first
   * of them shown beside the primary where only one fits.
   */
  currencies: { primary: CurrencyId; secondary: readonly CurrencyId[] };
  /** The buyers it sells to, its own first: their kind decides documents, currency, gateway and delivery. */
  buyerKinds: readonly BuyerKind[];
  /** How its anonymous visitors receive an order: Brazilian buyers only pick up (DECISIONS.md). */
  deliveryModes: readonly ('pickup' | 'delivery')[];
  /** The payment setting of the gateway its own buyers (its first buyer kind) pay through (decision 0410). */
  gateway: 'PAYMENT_PROVIDER_BR' | 'PAYMENT_PROVIDER_PY';
  /** Web manifest fields that are not text (the texts are in i18n/storefronts.ts by locale). */
  manifest: { themeColor: string; backgroundColor: string };
}

const BRAND = { themeColor: '#0f5a2a', backgroundColor: '#f5f7f6' } as const;

export const STOREFRONTS: Readonly<Record<StorefrontId, StorefrontDefinition>> = {
  br: {
    id: 'br',
    originSetting: 'SHOP_ORIGIN_BR',
    testOnly: false,
    locale: 'pt-BR',
    locales: ['pt-BR', 'es-PY'],
    hreflang: 'pt-BR',
    country: 'BR',
    currencies: { primary: CURRENCY.USD, secondary: [CURRENCY.BRL, CURRENCY.PYG, CURRENCY.ARS] },
    buyerKinds: [1],
    deliveryModes: ['pickup'],
    gateway: 'PAYMENT_PROVIDER_BR',
    manifest: BRAND,
  },
  es: {
    id: 'es',
    originSetting: 'SHOP_ORIGIN_ES',
    testOnly: false,
    locale: 'es-PY',
    locales: ['pt-BR', 'es-PY', 'es-AR'],
    hreflang: 'es',
    country: 'PY',
    currencies: { primary: CURRENCY.PYG, secondary: [CURRENCY.USD, CURRENCY.BRL, CURRENCY.ARS] },
    buyerKinds: [0, 1],
    deliveryModes: ['pickup', 'delivery'],
    gateway: 'PAYMENT_PROVIDER_PY',
    manifest: BRAND,
  },
  ar: {
    id: 'ar',
    originSetting: null,
    testOnly: true,
    locale: 'es-AR',
    locales: ['es-AR', 'es-PY', 'pt-BR'],
    hreflang: 'es-AR',
    country: 'AR',
    currencies: { primary: CURRENCY.USD, secondary: [CURRENCY.ARS, CURRENCY.BRL, CURRENCY.PYG] },
    buyerKinds: [0],
    deliveryModes: ['pickup'],
    gateway: 'PAYMENT_PROVIDER_PY',
    manifest: BRAND,
  },
};

/** The gateway setting a kind of buyer pays through: that of the first storefront that is theirs. */
export function getBuyerGatewaySetting(kind: BuyerKind): StorefrontDefinition['gateway'] {
  return Object.values(STOREFRONTS).find((storefront) => storefront.buyerKinds[0] === kind)!.gateway;
}

/** The storefront whose first language `locale` is: its currency story is the visitor's. */
export function getLocaleStorefront(locale: Locale): StorefrontDefinition {
  return Object.values(STOREFRONTS).find((storefront) => storefront.locale === locale) ?? STOREFRONTS.br;
}
