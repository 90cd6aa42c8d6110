import type { Locale, Storefront } from '../../lib/locale.ts';

/** Structured data: any JSON-LD object (schema.org), rendered as is. */
export type JsonLd = Record<string, unknown>;

export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

/** Cuts at a word boundary when one is near, so titles do not end mid-word. */
export function toMaxLength(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '');
}

/** `<` and friends escaped so a product name can never close the script element. */
export function toJsonLdText(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The storefront whose language a locale is written in: hreflang pairs point there. */
export function getStorefrontFor(locale: Locale): 'br' | 'es' {
  return locale === 'pt-BR' ? 'br' : 'es';
}

export function getCanonicalStorefront(storefront: Storefront, locale: Locale): 'br' | 'es' {
  return storefront === 'local' ? getStorefrontFor(locale) : storefront;
}
