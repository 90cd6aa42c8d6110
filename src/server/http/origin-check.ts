// Astro's checkOrigin rule, applied by our middleware so that bearer-token API clients get
// through (astro.config.mjs turns Astro's own check off).
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
 * body-less POST/PUT/PATCH/DELETE whose Origin is not this host (Astro's rule). Exception: on the
 * JSON API, a request that authenticates with `Authorization: Bearer` and carries no session
 * cookie. No cross-site form can set that header, and without our cookie the request holds no
 * credential the browser added by itself, so there is nothing to forge.
 */
export function isForbiddenCrossOrigin(request: HeaderSource, url: URL, hasSessionCookie: boolean): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const contentType = request.headers.get('content-type');
  if (contentType !== null && !isFormLike(contentType)) return false;
  const bearer = /^Bearer\s+\S/i.test(request.headers.get('authorization') ?? '');
  return !(bearer && !hasSessionCookie && isApiPath(url.pathname));
}
