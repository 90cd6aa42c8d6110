// The rules src/middleware.ts applies to every request, without Astro: server.mjs's fast API
// routes (fast-routes.ts) apply the very same ones.
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import {
  getCartCurrency,
  getDefaultLocale,
  getProfileLocale,
  isLocale,
  LANG_COOKIE,
  type CurrencyId,
  type Locale,
  type Storefront,
} from '#lib/locale.ts';
import { createSessionService, readSessionToken, type SessionCustomer } from '../accounts/service.ts';
import { systemClock } from '../clock.ts';
import { getPool, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/client.ts';
import { getSellableCurrency } from '../prices/index.ts';
import { getStorefrontOrigin, resolveStorefront } from '../storefront-hosts.ts';
import { isApiPath, isForbiddenCrossOrigin, type HeaderSource } from '../http/origin-check.ts';
import { errorResult, type ApiResult } from '../http/responses.ts';

export { LANG_COOKIE };

// The sessions wired here from accounts/service.ts, not taken from accounts/index.ts: server.mjs
// loads this file outside the bundle, and index.ts would bring every accounts route (and the
// upload readers behind them) into each process's start.
const getSessionService = () => createSessionService({ db: getPool(), clock: systemClock });

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** What every request's code may know about its shopper (Astro's App.Locals has this shape). */
export interface RequestLocals {
  storefront: Storefront;
  locale: Locale;
  currencyId: CurrencyId;
  customer: SessionCustomer | null;
  sessionToken: string | null;
}

export interface RequestFacts extends HeaderSource {
  url: URL;
  sessionCookie: string | undefined;
  langCookie: string | undefined;
}

export type RequestContext =
  /** Answer this at once (a forbidden cross-site write, or no database to check the session). */
  | { ok: false; result: ApiResult }
  /**
   * `sessionEnded`: a session cookie came whose session is over; the answer must clear it.
   * `sessionLookupError`: a page whose session could not be checked (no database): it gets the
   * error page as a visitor, and the cookie stays (the session is unknown, not ended).
   */
  | { ok: true; locals: RequestLocals; sessionEnded: boolean; sessionLookupError?: unknown };

/** The visitor's currency, U$ while it has no rate yet; as asked when the database cannot say. */
async function toVisitorCurrency(wanted: CurrencyId): Promise<CurrencyId> {
  try {
    return await getSellableCurrency(getPool(), wanted);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return wanted;
  }
}

/** Origin check, then the session (bearer header or cookie), then language and cart currency. */
export async function resolveRequestContext(facts: RequestFacts): Promise<RequestContext> {
  const { url, sessionCookie, langCookie } = facts;
  const storefront = resolveStorefront(url.hostname);
  if (isForbiddenCrossOrigin(facts, url, sessionCookie !== undefined)) {
    return { ok: false, result: errorResult(403, createTranslator(commonMessages, getDefaultLocale(storefront))('forbidden')) };
  }
  const token = readSessionToken(facts, sessionCookie);
  let customer: SessionCustomer | null;
  try {
    customer = token ? await getSessionService().getSessionCustomer(token) : null;
  } catch (error) {
    // Without a database the session cannot be checked, so it is unknown, not ended. API clients
    // get a 503 to retry (a 401 would sign them out); pages get the error page a visitor gets.
    if (!isDatabaseUnavailable(error)) throw error;
    const locale = isLocale(langCookie) ? langCookie : getDefaultLocale(storefront);
    if (isApiPath(url.pathname)) {
      const t = createTranslator(commonMessages, locale);
      return {
        ok: false,
        result: errorResult(503, t('serviceUnavailable'), undefined, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) }),
      };
    }
    const locals = { storefront, locale, customer: null, sessionToken: null, currencyId: getCartCurrency(locale, null) };
    return { ok: true, locals, sessionEnded: false, sessionLookupError: error };
  }
  const locale = customer ? getProfileLocale(customer.foreignBuyer) : isLocale(langCookie) ? langCookie : getDefaultLocale(storefront);
  return {
    ok: true,
    locals: {
      storefront,
      locale,
      customer,
      sessionToken: customer ? token : null,
      currencyId: await toVisitorCurrency(getCartCurrency(locale, customer?.foreignBuyer ?? null)),
    },
    sessionEnded: !customer && sessionCookie !== undefined,
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers every answer carries, and Vary: Host (pages differ by host: caches must key
 * on it). Strict-Transport-Security when the storefront's configured origin is https (never
 * from the request: a plain-http development host must not be pinned to https).
 */
export function addShellHeaders(headers: Headers, storefront?: Storefront): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (storefront && storefront !== 'local' && getStorefrontOrigin(storefront).startsWith('https:'))
    headers.set('strict-transport-security', HSTS);
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('host')) headers.set('vary', vary ? `${vary}, Host` : 'Host');
}
