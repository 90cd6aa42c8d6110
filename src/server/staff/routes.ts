// The staff domain's HTTP side, framework-free: the staff session cookie, which /painel paths are
// open to whom, the middleware's guard (guardPanelRequest), the page and endpoint checks
// (requireStaff, checkApiStaff), and the form handlers /painel/equipe and /painel/definir-senha
// run. A form's refusal comes back as the page's status and the message in the panel's language.
import type { AstroCookies } from 'astro';
import { SetPasswordFormSchema, StaffFormSchema, type StaffForm } from '#lib/contract/staff.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { panelMessages, toPanelLocale, type PanelLocale } from '#lib/i18n/panel.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { AuditActor } from '../audit/index.ts';
import { systemClock } from '../clock.ts';
import { getPool, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/client.ts';
import { isSecureOrigin } from '../storefront-hosts.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorMessages } from '../http/error-result.ts';
import { errorResult, jsonError, toResponse, type ApiResult } from '../http/responses.ts';
import { getRateLimiter } from '../rate-limit/index.ts';
import { staffError } from './errors.ts';
import type { StaffRole } from './repository.ts';
import { createStaffAuthService, isTokenShaped, type createStaffService, type PanelStaff } from './service.ts';

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

/**
 * `response` with the staff cookie set (a token) or cleared (null), on both paths. Astro's
 * cookie API keeps one cookie per name, hence the headers written here.
 */
export function withStaffCookie(response: Response, url: URL, token: string | null): Response {
  const headers = new Headers(response.headers);
  const secure = isSecureOrigin(url) ? '; Secure' : '';
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

interface MiddlewareContext {
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

// The staff sessions the gate reads, wired here on the shop's pool and clock, not taken from
// index.ts: index.ts re-exports this file's checks, and importing it back would make an import cycle.
const getStaffAuthService = () => createStaffAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });

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

type StaffService = ReturnType<typeof createStaffService>;

/** What a form led to: a line for the page (with the one-time link once), and the page's status. */
export interface StaffNotice {
  ok: boolean;
  status: number;
  text: string;
  link?: string;
}

function toFields(form: FormData | null): Record<string, unknown> {
  return form ? Object.fromEntries(form.entries()) : {};
}

/** Runs `work`; a DomainError becomes the refusal's status and message. */
async function toNotice(locale: PanelLocale, work: () => Promise<Omit<StaffNotice, 'ok' | 'status'>>): Promise<StaffNotice> {
  try {
    return { ok: true, status: 200, ...(await work()) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { status, message } = toErrorMessages(error, locale);
    return { ok: false, status, text: message };
  }
}

/** POST /painel/equipe (admins): add an account (its one-time link shown once), disable or reset one, or clear its second factor. */
export function submitStaffForm(
  service: StaffService,
  actor: AuditActor,
  input: { form: FormData | null; origin: string; locale: PanelLocale },
): Promise<StaffNotice> {
  const t = getPanelTexts(input.locale);
  const linkOf = (token: string) => `${input.origin}/painel/definir-senha?token=${token}`;
  return toNotice(input.locale, async () => {
    const parsed = StaffFormSchema.safeParse(toFields(input.form));
    if (!parsed.success) throw staffError('not_found', 'notFound');
    const form: StaffForm = parsed.data;
    if (form.action === 'add') {
      const added = await service.addStaff(actor, { email: form.email, role: form.role, locale: input.locale });
      return { text: t('linkFor', { email: added.staff.email }), link: linkOf(added.token) };
    }
    const target = (await service.listStaff()).find((row) => row.id === form.id);
    if (!target) throw staffError('not_found', 'notFound');
    if (form.action === 'disable') {
      const decision = form.keys === undefined ? null : form.keys === 'revoke' ? 'revoke' : { handTo: form.keys };
      const done = await service.disableStaff(actor, form.id, decision);
      if (done.keys === 0) return { text: t('staffDisabled', { email: target.email }) };
      if (done.handedTo === null) return { text: t('staffDisabledKeysRevoked', { email: target.email, count: done.keys }) };
      return { text: t('staffDisabledKeysHanded', { email: target.email, count: done.keys, to: done.handedTo }) };
    }
    if (form.action === 'reset_totp') {
      await service.resetSecondFactor(actor, form.id);
      return { text: t('totpResetDone', { email: target.email }) };
    }
    return { text: t('linkFor', { email: target.email }), link: linkOf(await service.resetStaff(actor, form.id)) };
  });
}

/** POST /painel/definir-senha?token=: the password set once through the link; the page then offers the sign-in. */
export function submitSetPasswordForm(
  service: StaffService,
  input: { token: string | null; form: FormData | null; locale: PanelLocale },
): Promise<StaffNotice> {
  return toNotice(input.locale, async () => {
    const { password, confirm } = SetPasswordFormSchema.parse(toFields(input.form));
    if (password !== confirm) throw staffError('invalid', 'passwordsDiffer');
    await service.setPassword(input.token, password);
    return { text: getPanelTexts(input.locale)('passwordSaved') };
  });
}
