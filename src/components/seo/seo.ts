import type { Locale, Storefront } from '#lib/locale.ts';
import type { StorefrontId } from '#lib/storefronts.ts';
import { getLocaleHome } from '#server/storefront-hosts.ts';

/** Structured data: any JSON-LD object (schema.org), rendered as is. */
export type JsonLd = Record<string, unknown>;

export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

/** What must not end a cut title or description: separators and opening punctuation. */
const DANGLING_END = /[\s,.;:!?|·•/\\()[\]+&*–—-]+$/u;

/**
 * Cuts at the last word boundary within `max` (never half a word, unless one word is longer than
 * `max`), without a separator left dangling at the end.
 */
export function toMaxLength(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const space = clean.slice(0, max + 1).lastIndexOf(' ');
  const head = space > 0 ? clean.slice(0, space) : clean.slice(0, max);
  return head.replace(DANGLING_END, '') || head;
}

/** The page title: with the store name after it when both fit in 60 characters (issue 19). */
export function toPageTitle(title: string, siteName: string, max = TITLE_MAX): string {
  const clean = title.replace(/\s+/g, ' ').trim().replace(DANGLING_END, '');
  if (!clean || clean.toLocaleLowerCase().includes(siteName.toLocaleLowerCase())) return toMaxLength(clean || siteName, max);
  const full = `${clean} | ${siteName}`;
  return full.length <= max ? full : toMaxLength(clean, max);
}

/** A schema.org BreadcrumbList of a page's trail, each crumb's path made absolute on `origin`. */
export function toBreadcrumbJsonLd(origin: string, crumbs: ReadonlyArray<{ name: string; path: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: origin + crumb.path,
    })),
  };
}

/** `<` and friends escaped so a product name can never close the script element. */
export function toJsonLdText(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** A page's canonical storefront: its own, or on the local host the one its language is at home in. */
export function getCanonicalStorefront(storefront: Storefront, locale: Locale): StorefrontId {
  return storefront === 'local' ? getLocaleHome(locale) : storefront;
}
