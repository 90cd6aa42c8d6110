import { defineMiddleware } from 'astro:middleware';
import { commonMessages } from './lib/i18n/common.ts';
import { createTranslator } from './lib/i18n/translator.ts';
import { isLocale, type Locale, type Storefront } from './lib/locale.ts';
import { SESSION_COOKIE, toSessionCookie } from '#server/accounts/index.ts';
import { applyCookie } from '#server/http/api-call.ts';
import { isApiPath } from '#server/http/origin-check.ts';
import { addShellHeaders, LANG_COOKIE, resolveRequestContext } from '#server/entry/request-context.ts';
import { toSafeRedirect } from './lib/safe-redirect.ts';
import { errorResult, toResponse } from '#server/http/responses.ts';
import { guardPanelRequest, isPanelPath } from '#server/staff/index.ts';
import { isSecureOrigin } from '#server/storefront-hosts.ts';

const ONE_YEAR_S = 365 * 24 * 3600;

/** `?lang=` on the Spanish host accepts es-AR and es-PY; 'es' and 'pt' are accepted everywhere. */
function toRequestedLocale(value: string): Locale | null {
  if (isLocale(value)) return value;
  if (value === 'es') return 'es-PY';
  if (value === 'pt') return 'pt-BR';
  return null;
}

/**
 * Astro answers its error page (500.astro) with status 500 whatever the page sets; the page marks
 * the database-unreachable case with Retry-After (page-load.ts), which is then a 503.
 */
function toUnavailable(response: Response): Response {
  if (response.status !== 500 || !response.headers.has('retry-after')) return response;
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers: response.headers });
}

/** An API client asking for an address that does not exist gets JSON, not the 404 page. */
function toApiNotFound(url: URL, locale: Locale, response: Response): Response {
  if (response.status !== 404 || !isApiPath(url.pathname)) return response;
  if (response.headers.get('content-type')?.includes('application/json')) return response;
  return toResponse(errorResult(404, createTranslator(commonMessages, locale)('resourceNotFound')));
}

function toNotFound(response: Response): Response {
  return response.status === 404 ? response : new Response(response.body, { status: 404, headers: response.headers });
}

/**
 * Every page shown to a signed-in person carries their data (at least their name in the header):
 * no cache may keep it, shared or the browser's own.
 */
function withPrivatePage(response: Response, signedIn: boolean): Response {
  if (!signedIn || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  try {
    response.headers.set('cache-control', 'private, no-store');
  } catch {
    // Responses built with immutable headers (redirects) carry no page.
  }
  return response;
}

/** A page says its language: the service worker refreshes its offline page when it changes. */
function withContentLanguage(response: Response, locale: Locale): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html') || response.headers.has('content-language')) return response;
  try {
    response.headers.set('content-language', locale);
  } catch {
    // Responses built with immutable headers (redirects) carry no page.
  }
  return response;
}

function withShellHeaders(response: Response, storefront?: Storefront): Response {
  try {
    addShellHeaders(response.headers, storefront);
  } catch {
    // Responses built with immutable headers (Response.redirect) keep theirs.
  }
  return response;
}

// The rules themselves live in src/server/entry/request-context.ts: server.mjs's fast API routes
// apply them too. Only what is about pages (the ?lang= redirect, the error page) stays here.
export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request, cookies } = context;

  // A page address with ?lang= stores the choice, then redirects to the address without it.
  // (Only GET and HEAD: the origin check below never refuses those, so it may come first.)
  const requestedLang = url.searchParams.get('lang');
  if (requestedLang !== null && !isApiPath(url.pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
    const locale = toRequestedLocale(requestedLang);
    if (locale)
      cookies.set(LANG_COOKIE, locale, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax', httpOnly: false, secure: isSecureOrigin(url) });
    const clean = new URL(url);
    clean.searchParams.delete('lang');
    return context.redirect(toSafeRedirect(clean.pathname + clean.search, '/'), 302);
  }

  const resolved = await resolveRequestContext({
    method: request.method,
    headers: request.headers,
    url,
    sessionCookie: cookies.get(SESSION_COOKIE)?.value,
    langCookie: cookies.get(LANG_COOKIE)?.value,
  });
  if (!resolved.ok) return toResponse(resolved.result);
  // A session that ended (expired, or ended elsewhere) stops travelling with every request.
  if (resolved.sessionEnded) applyCookie(cookies, toSessionCookie(url, null));
  Object.assign(context.locals, resolved.locals);
  // The error page is what a failing request renders, never an address of its own.
  if (/^\/500\/?$/.test(url.pathname)) return withShellHeaders(toNotFound(await next('/404')), resolved.locals.storefront);

  if (resolved.sessionLookupError !== undefined) {
    context.locals.sessionLookupFailure = { error: resolved.sessionLookupError, address: url.pathname + url.search };
    return withShellHeaders(toUnavailable(await next('/500')), resolved.locals.storefront);
  }
  if (isPanelPath(url.pathname)) {
    const refused = await guardPanelRequest(context);
    const response = withShellHeaders(refused ?? toApiNotFound(url, resolved.locals.locale, await next()), resolved.locals.storefront);
    // The panel shows the store's private data: no cache keeps a copy.
    try {
      if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
    } catch {
      // Immutable headers (Response.redirect): a redirect holds nothing to cache.
    }
    return response;
  }
  const response = toApiNotFound(url, resolved.locals.locale, toUnavailable(await next()));
  const page = withContentLanguage(withPrivatePage(response, resolved.locals.customer !== null), resolved.locals.locale);
  return withShellHeaders(page, resolved.locals.storefront);
});
