import type { Storefront } from '../lib/locale.ts';
import { STOREFRONTS, type Locale, type StorefrontDefinition, type StorefrontId } from '../lib/storefronts.ts';
import { getConfig } from './config.ts';

/**
 * The storefronts this process serves, configured by their public origins (the registry in
 * lib/storefronts.ts says what each one is; a test-only storefront is served when
 * TEST_STOREFRONTS names it). Any other host (plain localhost, an IP) is the local development
 * storefront. Links in e-mails and canonical URLs are built from these, never from a request's
 * Host header.
 */
export function getServedStorefronts(): StorefrontDefinition[] {
  const extra = getConfig().TEST_STOREFRONTS;
  return Object.values(STOREFRONTS).filter((storefront) => !storefront.testOnly || extra.includes(storefront.id));
}

export function getStorefrontOrigin(storefront: StorefrontId): string {
  const config = getConfig();
  const setting = STOREFRONTS[storefront].originSetting;
  const configured = setting === null ? undefined : config[setting];
  return configured ?? `http://${storefront}.localhost:${config.PORT}`;
}

export function resolveStorefront(hostname: string): Storefront {
  const host = hostname.toLowerCase();
  const served = getServedStorefronts().find((storefront) => host === new URL(getStorefrontOrigin(storefront.id)).hostname);
  return served?.id ?? 'local';
}

/**
 * The served storefront a language is at home in: the one it is the first language of, else the
 * first offering it (es-AR is at the Spanish storefront while the Argentine one is not served).
 */
export function getLocaleHome(locale: Locale): StorefrontId {
  const served = getServedStorefronts();
  return (served.find((storefront) => storefront.locale === locale) ?? served.find((storefront) => storefront.locales.includes(locale)))!
    .id;
}

/** Each served storefront's hreflang and origin: a page's alternates, in the head and the sitemap. */
export function getAlternates(): Array<{ hreflang: string; origin: string }> {
  return getServedStorefronts().map((storefront) => ({ hreflang: storefront.hreflang, origin: getStorefrontOrigin(storefront.id) }));
}

/** The origin to use for links meant for a storefront; the local host links to the Brazilian one. */
export function getOriginFor(storefront: Storefront): string {
  return getStorefrontOrigin(storefront === 'local' ? 'br' : storefront);
}

/**
 * The origin browsers see for a request: its storefront's configured public origin (behind a
 * TLS-terminating proxy the server itself sees plain http), or the request's own on the local host.
 * Origin checks, cookies and links compare with this, never with X-Forwarded-Proto or -Host.
 */
export function getPublicOrigin(url: URL): string {
  const storefront = resolveStorefront(url.hostname);
  return storefront === 'local' ? url.origin : getStorefrontOrigin(storefront);
}

/** Every cookie is Secure when browsers reach the shop over https. */
export function isSecureOrigin(url: URL): boolean {
  return getPublicOrigin(url).startsWith('https:');
}
