/** Locales, storefronts and currencies: the rules of storefront spec section 1 and DECISIONS.md. */
export const LOCALES = ['pt-BR', 'es-PY', 'es-AR'] as const;
export type Locale = (typeof LOCALES)[number];

export type Storefront = 'br' | 'es' | 'local';

export const CURRENCY = { BRL: 1, USD: 2, PYG: 3, ARS: 4 } as const;
export type CurrencyId = (typeof CURRENCY)[keyof typeof CURRENCY];

export const COUNTRY = { BR: 1, PY: 2 } as const;

/** The cookie that keeps a visitor's chosen language (the `lang` parameter, set by the middleware). */
export const LANG_COOKIE = 'fronteira_lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A page's `<html lang>` as a locale (pt-BR for anything else): what page scripts translate into. */
export function toPageLocale(lang: string): Locale {
  return isLocale(lang) ? lang : 'pt-BR';
}

/** The `lang` parameter of the API: es for both Spanish locales, pt otherwise. */
export function toApiLang(locale: Locale): 'pt' | 'es' {
  return locale.startsWith('es') ? 'es' : 'pt';
}

export function getDefaultLocale(storefront: Storefront): Locale {
  return storefront === 'es' ? 'es-PY' : 'pt-BR';
}

/** A signed-in customer's language follows the profile: Brazilian buyers pt-BR, others es-PY. */
export function getProfileLocale(foreignBuyer: 0 | 1): Locale {
  return foreignBuyer === 1 ? 'pt-BR' : 'es-PY';
}

/**
 * Cart currency (DECISIONS.md): signed-in Brazilian buyer USD, signed-in Paraguayan buyer PYG;
 * anonymous visitors PYG on es-PY, otherwise USD.
 */
export function getCartCurrency(locale: Locale, foreignBuyer: 0 | 1 | null): CurrencyId {
  if (foreignBuyer === 1) return CURRENCY.USD;
  if (foreignBuyer === 0) return CURRENCY.PYG;
  return locale === 'es-PY' ? CURRENCY.PYG : CURRENCY.USD;
}
