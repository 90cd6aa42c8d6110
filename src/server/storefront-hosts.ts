import type { Storefront } from '../lib/locale.ts';
import { getConfig } from './config.ts';

/**
 * The two storefront hosts, configured by their public origins. Any other host (plain
 * localhost, an IP) is the local development storefront. Links in e-mails and canonical URLs
 * are built from these, never from a request's Host header.
 */
export function getStorefrontOrigin(storefront: 'br' | 'es'): string {
  const config = getConfig();
  const configured = storefront === 'br' ? config.SHOP_ORIGIN_BR : config.SHOP_ORIGIN_ES;
  return configured ?? `http://${storefront}.localhost:${config.PORT}`;
}

export function resolveStorefront(hostname: string): Storefront {
  const host = hostname.toLowerCase();
  if (host === new URL(getStorefrontOrigin('br')).hostname) return 'br';
  if (host === new URL(getStorefrontOrigin('es')).hostname) return 'es';
  return 'local';
}

/** The origin to use for links meant for a storefront; the local host links to the Brazilian one. */
export function getOriginFor(storefront: Storefront): string {
  return getStorefrontOrigin(storefront === 'es' ? 'es' : 'br');
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
