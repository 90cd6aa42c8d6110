import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/client.ts';
import { jsonError } from '../http/responses.ts';
import { getPanelAccess, getPanelLocale, getPanelTexts, getSignInRedirect, readStaffToken, withStaffCookie } from './http.ts';
import { getStaffAuthService } from './index.ts';
import type { AstroCookies } from 'astro';

interface MiddlewareContext {
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

/**
 * The middleware's gate in front of every /painel page and /api/painel endpoint: reads the
 * staff session into `locals.staff`, then refuses what needs more than the caller has. A
 * customer's cookie or bearer counts for nothing here. Pages still call requireStaff (roles).
 * Answers null to let the request through.
 */
export async function guardPanelRequest(context: MiddlewareContext): Promise<Response | null> {
  const { url, locals } = context;
  const access = getPanelAccess(url.pathname);
  // The ERP API checks its own keys; the staff cookie (path /api/painel) is not even read there.
  if (access === 'api-key') {
    locals.staff = null;
    locals.staffToken = null;
    return null;
  }
  const token = readStaffToken(context.cookies);
  try {
    locals.staff = token ? await getStaffAuthService().getSession(token) : null;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    locals.staff = null;
    const c = createTranslator(commonMessages, getPanelLocale(locals));
    return jsonError(503, c('serviceUnavailable'), undefined, { headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) } });
  }
  locals.staffToken = locals.staff ? token : null;
  const staff = locals.staff;
  const allowed = access === 'public' || (access === 'second-step' ? staff !== null : staff?.stage === 'full');
  // A cookie whose session is over stops travelling.
  const clear = (response: Response) => (token && !staff ? withStaffCookie(response, url, null) : response);
  if (allowed) return null;
  if (url.pathname.startsWith('/api/')) {
    const t = getPanelTexts(getPanelLocale(locals));
    return clear(staff ? jsonError(403, t('secondFactorRequired')) : jsonError(401, t('loginRequired')));
  }
  return clear(context.redirect(getSignInRedirect(locals, url), 302));
}
