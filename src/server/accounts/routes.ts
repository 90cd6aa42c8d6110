// The accounts endpoints of the contract (/ecom/login, /ecom/logout, /ecom/cliente/cadastrar*,
// recovery, password change, e-mail confirmation), framework-free: the endpoint files are
// one-line adapters (decision 0720). The session cookie is set through the result, the client
// address and multipart bodies come with the call. Refusals are thrown as DomainErrors
// (errors.ts). Also here, for every customer route and page (through index.ts): the session
// cookie and the form readers (the session checks are entry/request-context.ts's).
import * as z from 'zod/mini';
import {
  createCheckEmailSchema,
  createLoginSchema,
  createPasswordChangeSchema,
  createRecoverySchema,
  createRegistrationSchema,
  createResetSchema,
} from '#lib/contract/accounts.ts';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale, Storefront } from '#lib/locale.ts';
import { toSafeRedirect } from '#lib/safe-redirect.ts';
import { SESSION_TTL_MS } from '#lib/session.ts';
import { toSignInCartCookies } from '../cart/routes.ts';
import { createAddressService } from '../addresses/index.ts';
import { systemClock } from '../clock.ts';
import { createDocumentService, readDocumentUpload } from '../customer-documents/index.ts';
import { getPool } from '../db/client.ts';
import { withDomainErrors as route } from '../http/error-result.ts';
import {
  errorResult,
  jsonResult,
  readJsonObject,
  toFieldErrors,
  zodMessagesIn,
  type ApiResult,
  type BodySource,
  type CookieChange,
  type FieldErrors,
  type ParsedResult,
} from '../http/responses.ts';
import { tooManyRequestsError } from '../rate-limit/errors.ts';
import { getClientIp, getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { getOriginFor, isSecureOrigin } from '../storefront-hosts.ts';
import { accountError } from './errors.ts';
import {
  createAuthService,
  createRecoveryService,
  createRegistrationService,
  createSessionService,
  requireSignedIn,
  SESSION_COOKIE,
} from './service.ts';

// --- Texts and form readers --------------------------------------------------------------------

export function getAccountTexts(locale: Locale) {
  return {
    t: createTranslator(accountMessages, locale),
    f: createTranslator(formMessages, locale),
    c: createTranslator(commonMessages, locale),
  };
}

/** Validates plain values with an accounts form schema; 422 with every field's message. */
export function parseFields<S extends z.ZodMiniType>(schema: S, values: unknown, locale: Locale): ParsedResult<z.output<S>> {
  const result = z.safeParse(schema, values, zodMessagesIn(locale));
  if (result.success) return { ok: true, data: result.data };
  const { f } = getAccountTexts(locale);
  return { ok: false, result: errorResult(422, f('formInvalidText'), toFieldErrors(result.error.issues)) };
}

/** JSON bodies only (415 otherwise, so a cross-site HTML form cannot post), then the schema. */
export async function readJsonFields<S extends z.ZodMiniType>(
  body: BodySource,
  schema: S,
  locale: Locale,
): Promise<ParsedResult<z.output<S>>> {
  const object = await readJsonObject(body, locale);
  if (!object.ok) return object;
  return parseFields(schema, object.data, locale);
}

/** A multipart form's field and file errors: 422 with the form's message. */
export function invalidForm(errors: FieldErrors, locale: Locale): ApiResult {
  return errorResult(422, getAccountTexts(locale).f('formInvalidText'), errors);
}

// --- The session cookie ------------------------------------------------------------------------

/**
 * The httpOnly session cookie of DECISIONS.md (SameSite=Lax, Secure on an https origin), set to
 * `token` or cleared (null): a route returns it in its result, Astro code applies it (applyCookie).
 */
export function toSessionCookie(url: URL, token: string | null): CookieChange {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecureOrigin(url) } as const;
  if (token === null) return { name: SESSION_COOKIE, value: null, options };
  return { name: SESSION_COOKIE, value: token, options: { ...options, maxAge: Math.floor(SESSION_TTL_MS / 1000) } };
}

/**
 * The `redirect=` of /login and /cadastro: null when absent, else a path of this shop (read
 * against the storefront's configured origin), or /perfil for anything that would leave it.
 */
export function getSignInRedirect(url: URL, storefront: Storefront): string | null {
  const value = url.searchParams.get('redirect');
  return value === null ? null : toSafeRedirect(value, '/perfil', getOriginFor(storefront));
}

// --- The services the endpoints run on ----------------------------------------------------------
// Wired here on the shop's pool and clock, not taken from index.ts: index.ts re-exports this
// file's session checks and form readers, and importing it back would make an import cycle.

const getAuthService = () => createAuthService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
const getSessionService = () => createSessionService({ db: getPool(), clock: systemClock });
const getRecoveryService = () => createRecoveryService({ db: getPool(), clock: systemClock, limiter: getRateLimiter() });
const getRegistrationService = () =>
  createRegistrationService({ db: getPool(), clock: systemClock, addresses: createAddressService, documents: createDocumentService });

// --- Endpoints ---------------------------------------------------------------------------------

/** POST /ecom/login {email, password} -> {token, user}; also sets the httpOnly session cookie. */
export const login = route(async (call) => {
  const { locale } = call.locals;
  const parsed = await readJsonFields(call.body, createLoginSchema(getAccountTexts(locale).f), locale);
  if (!parsed.ok) return parsed.result;
  const result = await getAuthService().login({ ...parsed.data, ip: getClientIp(call) });
  if (result.kind === 'limited') throw tooManyRequestsError(result.retryAfterSeconds);
  if (result.kind === 'invalid') throw accountError('unauthenticated', 'invalidCredentials');
  return {
    ...jsonResult(200, { token: result.token, user: result.user, expires_at: result.expiresAt.toISOString() }),
    cookies: [toSessionCookie(call.url, result.token), ...(await toSignInCartCookies(call.url, call.cookies, result.customerId, locale))],
  };
});

/** POST /ecom/logout: ends the session on the server and clears the cookie. */
export const logout = route(async ({ locals, url }) => {
  const token = locals.sessionToken;
  if (token) await getSessionService().endSession(token);
  return { status: 204, body: null, headers: { 'cache-control': 'no-store' }, cookies: [toSessionCookie(url, null)] };
});

/** POST /ecom/cliente/cadastrar/check-email {email}: 200 when free, 422 errors.email otherwise. */
export const checkEmail = route(async (call) => {
  const { locale } = call.locals;
  if (!(await getRateLimiter().consume(LIMITS.checkEmail, getClientIp(call)))) throw tooManyRequestsError();
  const parsed = await readJsonFields(call.body, createCheckEmailSchema(getAccountTexts(locale).f), locale);
  if (!parsed.ok) return parsed.result;
  if (await getRegistrationService().isEmailTaken(parsed.data.email)) throw accountError('invalid', 'emailInUse', { field: 'email' });
  return jsonResult(200, { message: 'ok' });
});

/** POST /ecom/cliente/cadastrar (multipart: the registration fields, files frente and verso). */
export const register = route(async (call) => {
  const { locale } = call.locals;
  const { t, f } = getAccountTexts(locale);
  if (!(await getRateLimiter().consume(LIMITS.register, getClientIp(call)))) throw tooManyRequestsError();
  const upload = await readDocumentUpload(call.body, locale, true);
  const result = z.safeParse(createRegistrationSchema(f), upload.fields, zodMessagesIn(locale));
  const errors = { ...(result.success ? {} : toFieldErrors(result.error.issues)), ...upload.fileErrors };
  const { frente, verso } = upload.files;
  if (!result.success || !frente || !verso || Object.keys(errors).length > 0) return invalidForm(errors, locale);
  const outcome = await getRegistrationService().register(result.data, { frente, verso }, t('registrationAddressName'));
  if (outcome.kind === 'email_taken') throw accountError('invalid', 'emailInUse', { field: 'email' });
  if (outcome.kind === 'bad_city') throw accountError('invalid', 'formInvalidText', { fields: { cidade_id: ['cityInvalid'] } });
  return {
    ...jsonResult(201, { message: t('registerSuccess'), token: outcome.token, user: outcome.user }),
    cookies: [toSessionCookie(call.url, outcome.token)],
  };
});

/** POST /ecom/cliente/trocar-senha-l {password_currently, password, password_confirmation}. */
export const changePassword = route(async ({ locals, body }) => {
  const customer = requireSignedIn(locals);
  const { t, f } = getAccountTexts(locals.locale);
  const parsed = await readJsonFields(body, createPasswordChangeSchema(f), locals.locale);
  if (!parsed.ok) return parsed.result;
  const { password_currently, password } = parsed.data;
  const changed = await getAuthService().changePassword(customer.id, password_currently, password, locals.sessionToken);
  if (!changed) throw accountError('invalid', 'wrongCurrentPassword', { field: 'password_currently' });
  return jsonResult(200, { message: t('passwordChanged') });
});

/** POST /ecom/cliente/recuperar-senha {email}: the same answer whether or not the e-mail exists. */
export const requestReset = route(async (call) => {
  const { locale } = call.locals;
  const { t, f } = getAccountTexts(locale);
  const parsed = await readJsonFields(call.body, createRecoverySchema(f), locale);
  if (!parsed.ok) return parsed.result;
  if ((await getRecoveryService().requestReset(parsed.data.email, getClientIp(call))) === 'limited') throw tooManyRequestsError();
  return jsonResult(200, { message: t('recoverSent') });
});

/** POST /ecom/cliente/trocar-senha {email, uuid, token, code, password, password_confirmation}. */
export const resetPassword = route(async ({ locals, body }) => {
  const { t, f } = getAccountTexts(locals.locale);
  const parsed = await readJsonFields(body, createResetSchema(f), locals.locale);
  if (!parsed.ok) return parsed.result;
  const { uuid, token, code, password } = parsed.data;
  if (!(await getRecoveryService().resetPassword(uuid, token, code, password))) throw accountError('bad_request', 'resetInvalidToken');
  return jsonResult(200, { message: t('resetSuccess') });
});

/** POST /ecom/cliente/reenviar-email: sends the signed-in customer a new confirmation link. */
export const resendConfirmation = route(async (call) => {
  const customer = requireSignedIn(call.locals);
  const outcome = await getRecoveryService().sendConfirmation(customer.id, getClientIp(call));
  if (outcome === 'limited') throw tooManyRequestsError();
  if (outcome === 'verified') throw accountError('conflict', 'emailVerified');
  return jsonResult(200, { message: getAccountTexts(call.locals.locale).t('verifyInbox') });
});

/** POST /ecom/cliente/confirmar-email/{uid}/{token}: marks the e-mail confirmed (single use). */
export const confirmEmail = route(async ({ locals, params }) => {
  const { uid = '', token = '' } = params;
  if (!(await getRecoveryService().confirmEmail(uid, token))) throw accountError('bad_request', 'confirmInvalid');
  return jsonResult(200, { message: getAccountTexts(locals.locale).t('confirmSuccess') });
});
