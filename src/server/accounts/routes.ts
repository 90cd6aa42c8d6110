// The accounts endpoints of the contract (/ecom/login, /ecom/me, /ecom/cliente/*), framework-free:
// the endpoint files are one-line adapters (decision 0720). The session cookie is set through the
// result, the client address and multipart bodies come with the call. Refusals are thrown as
// DomainErrors (errors.ts).
import * as z from 'zod/mini';
import {
  AddressPatchSchema,
  createAddressSchema,
  createCheckEmailSchema,
  createLoginSchema,
  createPasswordChangeSchema,
  createProfileSchema,
  createRecoverySchema,
  createRegistrationSchema,
  createResetSchema,
  type AccountAddress,
  type AddressForm,
} from '#lib/contract/accounts.ts';
import { toId } from '#lib/contract/input.ts';
import type { ApiCall } from '../http/api-call.ts';
import { withDomainErrors as route } from '../http/error-result.ts';
import { errorResult, jsonResult, rawResult, toFieldErrors, zodMessagesIn, type ApiResult, type FieldErrors } from '../http/responses.ts';
import { tooManyRequestsError } from '../rate-limit/errors.ts';
import { getClientIp } from '../rate-limit/http.ts';
import { LIMITS } from '../rate-limit/index.ts';
import { getRateLimiter, getSessionService } from '../services.ts';
import { toAccountUser } from './customers.ts';
import { accountError } from './errors.ts';
import { getAccountTexts, parseFields, readJsonFields, toSessionCookie } from './http.ts';
import {
  getAddressService,
  getAuthService,
  getDocumentService,
  getProfileService,
  getRecoveryService,
  getRegistrationService,
} from './index.ts';
import { requireSignedIn } from './require-customer.ts';
import { readDocumentUpload } from './uploads.ts';

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
    cookies: [toSessionCookie(call.url, result.token)],
  };
});

/** POST /ecom/logout: ends the session on the server and clears the cookie. */
export const logout = route(async ({ locals, url }) => {
  const token = locals.sessionToken;
  if (token) await getSessionService().endSession(token);
  return { status: 204, body: null, headers: { 'cache-control': 'no-store' }, cookies: [toSessionCookie(url, null)] };
});

/** POST /ecom/me: the signed-in customer's profile with the active addresses (enderecos). */
export const getMe = route(async ({ locals }) => {
  const customer = requireSignedIn(locals);
  const row = await getProfileService().getCustomer(customer.id);
  if (!row) throw accountError('unauthenticated', 'loginRequired');
  const enderecos = await getAddressService().listAddresses(customer.id);
  return jsonResult(200, { ...toAccountUser(row), enderecos });
});

/** POST /ecom/cliente/cadastrar/check-email {email}: 200 when free, 422 errors.email otherwise. */
export const checkEmail = route(async (call) => {
  const { locale } = call.locals;
  if (!(await getRateLimiter().consume(LIMITS.checkEmail, getClientIp(call)))) throw tooManyRequestsError();
  const parsed = await readJsonFields(call.body, createCheckEmailSchema(getAccountTexts(locale).f), locale);
  if (!parsed.ok) return parsed.result;
  if (await getProfileService().isEmailTaken(parsed.data.email)) throw accountError('invalid', 'emailInUse', { field: 'email' });
  return jsonResult(200, { message: 'ok' });
});

function invalidForm(errors: FieldErrors, locale: ApiCall['locals']['locale']): ApiResult {
  return errorResult(422, getAccountTexts(locale).f('formInvalidText'), errors);
}

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

/** POST /ecom/cliente/update-profile (multipart: telefone, documento, documento_tipo, optional frente/verso). */
export const updateProfile = route(async ({ locals, body }) => {
  const customer = requireSignedIn(locals);
  const { t, f } = getAccountTexts(locals.locale);
  const upload = await readDocumentUpload(body, locals.locale, false);
  const result = z.safeParse(createProfileSchema(f), upload.fields, zodMessagesIn(locals.locale));
  const errors = { ...(result.success ? {} : toFieldErrors(result.error.issues)), ...upload.fileErrors };
  if (!result.success || Object.keys(errors).length > 0) return invalidForm(errors, locals.locale);
  const row = await getProfileService().updateProfile(customer, result.data, upload.files);
  return jsonResult(200, { message: t('saved'), user: row ? toAccountUser(row) : null });
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
  const { uuid, token, password } = parsed.data;
  if (!(await getRecoveryService().resetPassword(uuid, token, password))) throw accountError('bad_request', 'resetInvalidToken');
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

/** GET /ecom/cliente/documentos/{uuid}: the owner's identity-document file, as an attachment. */
export const getDocument = route(async ({ locals, id }) => {
  const customer = requireSignedIn(locals);
  const document = await getDocumentService().readDocument(customer.id, id);
  if (!document) throw accountError('not_found', 'resourceNotFound');
  const extension = document.contentType === 'application/pdf' ? 'pdf' : document.contentType === 'image/jpeg' ? 'jpg' : 'png';
  return rawResult(200, new Uint8Array(document.bytes), {
    'content-type': document.contentType,
    'content-disposition': `attachment; filename="documento-${document.side}.${extension}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'content-security-policy': "default-src 'none'; sandbox",
  });
});

/**
 * Saves a validated address form (create or edit) once its city is checked against the
 * reference data: 422 on cidade_id when the city is unknown or outside the state/country,
 * 404 when `write` finds no such address of the customer.
 */
async function saveAddress(
  input: AddressForm,
  write: (resolved: AddressForm) => Promise<AccountAddress | null>,
  status = 200,
): Promise<ApiResult> {
  const resolved = await getAddressService().resolvePlace(input);
  if (!resolved) throw accountError('invalid', 'formInvalidText', { fields: { cidade_id: ['cityInvalid'] } });
  const address = await write(resolved);
  if (!address) throw accountError('not_found', 'not_found');
  return jsonResult(status, address);
}

/** GET /ecom/cliente/address: the customer's active addresses, main first (checkout chooser). */
export const listAddresses = route(async ({ locals }) =>
  jsonResult(200, { data: await getAddressService().listAddresses(requireSignedIn(locals).id) }),
);

/** POST /ecom/cliente/address: adds an address (Brazilian mode with CEP, or Paraguayan with ids). */
export const createAddress = route(async ({ locals, body }) => {
  const customer = requireSignedIn(locals);
  const parsed = await readJsonFields(body, createAddressSchema(getAccountTexts(locals.locale).f), locals.locale);
  if (!parsed.ok) return parsed.result;
  return saveAddress(parsed.data, (input) => getAddressService().createAddress(customer.id, input), 201);
});

/**
 * PUT /ecom/cliente/address/{id}: {ativo: false, nome} soft-deletes or renames (the contract);
 * a body with any other address field edits the whole address, validated as on creation.
 * 404 for another customer's id.
 */
export const putAddress = route(async (call) => {
  const customer = requireSignedIn(call.locals);
  const { locale } = call.locals;
  const id = toId(call.id);
  const body = await readJsonFields(call.body, z.record(z.string(), z.unknown()), locale);
  if (!body.ok) return body.result;
  if (id === null) throw accountError('not_found', 'not_found');
  if (Object.keys(body.data).some((key) => !Object.hasOwn(AddressPatchSchema.shape, key))) {
    const fields = parseFields(createAddressSchema(getAccountTexts(locale).f), body.data, locale);
    if (!fields.ok) return fields.result;
    return saveAddress(fields.data, (input) => getAddressService().editAddress(customer.id, id, input));
  }
  const patch = parseFields(AddressPatchSchema, body.data, locale);
  if (!patch.ok) return patch.result;
  const address = await getAddressService().updateAddress(customer.id, id, patch.data);
  if (!address) throw accountError('not_found', 'not_found');
  return jsonResult(200, address);
});

/** PATCH /ecom/cliente/address/{id}/set-main: makes it the main address; 404 for others' ids. */
export const setMainAddress = route(async ({ locals, id: rawId }) => {
  const customer = requireSignedIn(locals);
  const id = toId(rawId);
  const address = id === null ? null : await getAddressService().setMainAddress(customer.id, id);
  if (!address) throw accountError('not_found', 'not_found');
  return jsonResult(200, address);
});
