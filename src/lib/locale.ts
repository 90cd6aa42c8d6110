/**
 * Locales, storefronts and currencies: the rules of storefront spec section 1 and DECISIONS.md,
 * read from the storefront registry (storefronts.ts).
 */
import { CURRENCY, getLocaleStorefront, LOCALES, STOREFRONTS, type CurrencyId, type Locale, type StorefrontId } from './storefronts.ts';

export { COUNTRY, CURRENCY, type CurrencyId, type Locale } from './storefronts.ts';

/** A registered storefront, or `local`: any other host (plain localhost, an IP) in development. */
export type Storefront = StorefrontId | 'local';

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
  return storefront === 'local' ? 'pt-BR' : STOREFRONTS[storefront].locale;
}

/** The languages a storefront's selector offers; the local host offers every one. */
export function getOfferedLocales(storefront: Storefront): readonly Locale[] {
  return storefront === 'local' ? LOCALES : STOREFRONTS[storefront].locales;
}

/** The currency a visitor's pages lead with (decision 1220): the primary of its locale's storefront. */
export function getPrimaryCurrency(locale: Locale): CurrencyId {
  return getLocaleStorefront(locale).currencies.primary;
}

/** The visitor's other currencies, in the order they are shown after the primary one. */
export function getSecondaryCurrencyOrder(locale: Locale): readonly CurrencyId[] {
  return getLocaleStorefront(locale).currencies.secondary;
}

/** A signed-in customer's language follows the profile: Brazilian buyers pt-BR, others es-PY. */
export function getProfileLocale(foreignBuyer: 0 | 1): Locale {
  return foreignBuyer === 1 ? 'pt-BR' : 'es-PY';
}

/**
 * Cart currency (DECISIONS.md): signed-in Brazilian buyer USD, signed-in Paraguayan buyer PYG;
 * anonymous visitors the primary currency of their language (PYG on es-PY, otherwise USD).
 */
export function getCartCurrency(locale: Locale, foreignBuyer: 0 | 1 | null): CurrencyId {
  if (foreignBuyer === 1) return CURRENCY.USD;
  if (foreignBuyer === 0) return CURRENCY.PYG;
  return getPrimaryCurrency(locale);
}
