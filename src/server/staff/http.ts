import type { AstroCookies } from 'astro';
import { panelMessages, toPanelLocale, type PanelLocale } from '#lib/i18n/panel.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { AuditActor } from '../audit/index.ts';
import { errorResult, toResponse, type ApiResult } from '../http/responses.ts';
import type { PanelStaff } from './auth.ts';
import type { StaffRole } from './repository.ts';
import { isTokenShaped } from './tokens.ts';

/**
 * The staff session cookie: its own name (never the customer's), httpOnly, SameSite=Strict.
 * Written once per path, /painel (pages) and /api/painel (the panel's endpoints), so it never
 * travels to the shop's pages or to /ecom. The 8 h idle timeout is the server's (staff_sessions).
 */
export const STAFF_COOKIE = 'fronteira_staff';
export const STAFF_COOKIE_PATHS = ['/painel', '/api/painel'] as const;

export function isPanelPath(pathname: string): boolean {
  return STAFF_COOKIE_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Open without a session. */
const PUBLIC_PATHS = new Set(['/painel/login', '/painel/definir-senha']);
/** Open to a session still between password and panel (the code, the enrolment, sign-out). */
const SECOND_STEP_PATHS = new Set(['/painel/login/codigo', '/painel/totp', '/painel/sair']);

/** The ERP API (decision 0810): API keys only; a staff session counts for nothing there. */
const API_KEY_PREFIX = '/api/painel/v1/';

export type PanelAccess = 'public' | 'second-step' | 'signed-in' | 'api-key';

export function getPanelAccess(pathname: string): PanelAccess {
  if (pathname.startsWith(API_KEY_PREFIX)) return 'api-key';
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (PUBLIC_PATHS.has(path)) return 'public';
  return SECOND_STEP_PATHS.has(path) ? 'second-step' : 'signed-in';
}

export function readStaffToken(cookies: AstroCookies): string | null {
  const value = cookies.get(STAFF_COOKIE)?.value;
  return isTokenShaped(value) ? value : null;
}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * `response` with the staff cookie set (a token) or cleared (null), on both paths. Astro's
 * cookie API keeps one cookie per name, hence the headers written here.
 */
export function withStaffCookie(response: Response, url: URL, token: string | null): Response {
  const headers = new Headers(response.headers);
  const secure = isLocalHost(url.hostname) ? '' : '; Secure';
  for (const path of STAFF_COOKIE_PATHS) {
    const value = token ? `${STAFF_COOKIE}=${token}` : `${STAFF_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    headers.append('set-cookie', `${value}; Path=${path}; HttpOnly; SameSite=Strict${secure}`);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function getPanelTexts(locale: PanelLocale) {
  return createTranslator(panelMessages, locale);
}

/** The panel's language for this request: the staff member's choice, else the storefront's. */
export function getPanelLocale(locals: Pick<App.Locals, 'staff' | 'locale'>): PanelLocale {
  return locals.staff?.locale ?? toPanelLocale(locals.locale);
}

export function toAuditActor(staff: PanelStaff): AuditActor {
  return { staffId: staff.id, email: staff.email };
}

interface GuardContext {
  locals: App.Locals;
  url: URL;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
  rewrite(path: string): Promise<Response>;
}

/** Where a request without a full session goes: the step it still owes, or the sign-in page. */
export function getSignInRedirect(locals: App.Locals, url: URL): string {
  if (locals.staff?.stage === 'enrol') return '/painel/totp';
  if (locals.staff?.stage === 'totp') return '/painel/login/codigo';
  return `/painel/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * For every /painel page: the signed-in staff member, or the Response to return (the sign-in
 * step still due, or the 403 page when `role` is not theirs). Use as
 * `const staff = await requireStaff(Astro, { role: 'admin' }); if (staff instanceof Response) return staff;`
 */
export async function requireStaff(context: GuardContext, options: { role?: StaffRole } = {}): Promise<PanelStaff | Response> {
  const staff = context.locals.staff;
  if (!staff || staff.stage !== 'full') return context.redirect(getSignInRedirect(context.locals, context.url), 302);
  if (options.role && staff.role !== options.role) return context.rewrite('/painel/proibido');
  return staff;
}

/** For every /api/painel route (ApiCall): the staff member, or the JSON 401/403 result in the panel's language. */
export function checkApiStaff(locals: Pick<App.Locals, 'staff' | 'locale'>, options: { role?: StaffRole } = {}): PanelStaff | ApiResult {
  const staff = locals.staff;
  const t = getPanelTexts(getPanelLocale(locals));
  if (!staff) return errorResult(401, t('loginRequired'));
  if (staff.stage !== 'full') return errorResult(403, t('secondFactorRequired'));
  if (options.role && staff.role !== options.role) return errorResult(403, t('forbidden'));
  return staff;
}

/** checkApiStaff for endpoints that take Astro's context: the refusal as a Response. */
export function requireApiStaff(context: { locals: App.Locals }, options: { role?: StaffRole } = {}): PanelStaff | Response {
  const staff = checkApiStaff(context.locals, options);
  return 'status' in staff ? toResponse(staff) : staff;
}
