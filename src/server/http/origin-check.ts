// Astro's checkOrigin rule, applied by our middleware so that bearer-token API clients get
// through (astro.config.mjs turns Astro's own check off).
import { getPublicOrigin } from '../storefront-hosts.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The parts of a request the rules read: a web Request has them, and so does server.mjs's adapter. */
export interface HeaderSource {
  method: string;
  headers: { get(name: string): string | null };
}

/** The JSON API (spec section 7): /api/public/* and /ecom/*. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/ecom/');
}

function isFormLike(contentType: string): boolean {
  const type = contentType.toLowerCase();
  return FORM_TYPES.some((form) => type.includes(form));
}

/**
 * A state-changing request a browser could have sent from another site: a form-like or
 * body-less POST/PUT/PATCH/DELETE whose Origin is not the storefront's public origin (Astro's
 * rule, compared with the configured `SHOP_ORIGIN_*`: behind a TLS proxy the server sees http).
 * Exceptions, where nothing the browser adds by itself could be forged:
 * - a request with neither cookies nor Origin: browsers send Origin with every cross-site
 *   POST, so this is an API client (registering, issue 35.8), holding no credential of a visitor;
 * - on the JSON API, a request that authenticates with `Authorization: Bearer` and carries no
 *   session cookie: no cross-site form can set that header.
 */
export function isForbiddenCrossOrigin(request: HeaderSource, url: URL, hasSessionCookie: boolean): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin === getPublicOrigin(url)) return false;
  if (origin === null && request.headers.get('cookie') === null) return false;
  const contentType = request.headers.get('content-type');
  if (contentType !== null && !isFormLike(contentType)) return false;
  const bearer = /^Bearer\s+\S/i.test(request.headers.get('authorization') ?? '');
  return !(bearer && !hasSessionCookie && isApiPath(url.pathname));
}
