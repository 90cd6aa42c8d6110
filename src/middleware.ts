import { defineMiddleware } from 'astro:middleware';
import { getCartCurrency, getDefaultLocale, getProfileLocale, isLocale, type Locale } from './lib/locale.ts';
import { clearSessionCookie } from './server/accounts/http.ts';
import { commonMessages } from './lib/i18n/common.ts';
import { createTranslator } from './lib/i18n/translator.ts';
import { readSessionToken, SESSION_COOKIE, type SessionCustomer } from './server/accounts/sessions.ts';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './server/db/client.ts';
import { isForbiddenCrossOrigin } from './server/http/origin-check.ts';
import { jsonError } from './server/http/responses.ts';
import { getSessionService } from './server/services.ts';
import { resolveStorefront } from './server/storefront-hosts.ts';

export const LANG_COOKIE = 'fronteira_lang';
const ONE_YEAR_S = 365 * 24 * 3600;

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/ecom/');
}

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
  return jsonError(404, createTranslator(commonMessages, locale)('resourceNotFound'));
}

function withSharedHeaders(response: Response): Response {
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    // Pages differ by host (language, currency): caches must key on it.
    const vary = response.headers.get('vary');
    if (!vary?.toLowerCase().includes('host')) response.headers.set('vary', vary ? `${vary}, Host` : 'Host');
  } catch {
    // Responses built with immutable headers (Response.redirect) keep theirs.
  }
  return response;
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request, cookies } = context;
  const storefront = resolveStorefront(url.hostname);
  context.locals.storefront = storefront;
  const sessionCookie = cookies.get(SESSION_COOKIE)?.value;
  if (isForbiddenCrossOrigin(request, url, sessionCookie !== undefined)) {
    return jsonError(403, createTranslator(commonMessages, getDefaultLocale(storefront))('forbidden'));
  }

  // A page address with ?lang= stores the choice, then redirects to the address without it.
  const requestedLang = url.searchParams.get('lang');
  if (requestedLang !== null && !isApiPath(url.pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
    const locale = toRequestedLocale(requestedLang);
    if (locale) cookies.set(LANG_COOKIE, locale, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax', httpOnly: false });
    const clean = new URL(url);
    clean.searchParams.delete('lang');
    return context.redirect(clean.pathname + clean.search, 302);
  }

  const stored = cookies.get(LANG_COOKIE)?.value;
  const token = readSessionToken(request, sessionCookie);
  let customer: SessionCustomer | null = null;
  try {
    customer = token ? await getSessionService().getSessionCustomer(token) : null;
  } catch (error) {
    // Without a database the session cannot be checked, so it is unknown, not ended: the cookie
    // stays. API clients get a 503 to retry (a 401 would sign them out); pages get the error
    // page a visitor gets (503, Retry-After, retry button), rendered without the shopper.
    if (!isDatabaseUnavailable(error)) throw error;
    const locale = isLocale(stored) ? stored : getDefaultLocale(storefront);
    if (isApiPath(url.pathname)) {
      const t = createTranslator(commonMessages, locale);
      return jsonError(503, t('serviceUnavailable'), undefined, { headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) } });
    }
    const sessionLookupFailure = { error, address: url.pathname + url.search };
    Object.assign(context.locals, { customer: null, sessionToken: null, locale, currencyId: getCartCurrency(locale, null), sessionLookupFailure });
    return withSharedHeaders(toUnavailable(await next('/500')));
  }
  // A session that ended (expired, or ended elsewhere) stops travelling with every request.
  if (!customer && sessionCookie) clearSessionCookie(cookies, url);
  context.locals.customer = customer;
  context.locals.sessionToken = customer ? token : null;

  const locale = customer
    ? getProfileLocale(customer.foreignBuyer)
    : isLocale(stored) ? stored : getDefaultLocale(storefront);
  context.locals.locale = locale;
  context.locals.currencyId = getCartCurrency(locale, customer?.foreignBuyer ?? null);

  return withSharedHeaders(toApiNotFound(url, locale, toUnavailable(await next())));
});
