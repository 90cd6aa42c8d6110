// The profile endpoints of the contract (/ecom/me, /ecom/cliente/update-profile), framework-free:
// the endpoint files are one-line adapters (decision 0720).
import * as z from 'zod/mini';
import { createProfileSchema } from '#lib/contract/accounts.ts';
import { getAccountTexts, invalidForm, requireSignedIn, toAccountUser } from '../accounts/index.ts';
import { getAddressService } from '../addresses/index.ts';
import { readDocumentUpload } from '../customer-documents/index.ts';
import { withDomainErrors as route } from '../http/error-result.ts';
import { jsonResult, toFieldErrors, zodMessagesIn } from '../http/responses.ts';
import { tooManyRequestsError } from '../rate-limit/errors.ts';
import { getClientIp, getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { profileError } from './errors.ts';
import { getProfileService } from './index.ts';
import { getPhoneCountryOf } from './service.ts';

/** POST /ecom/me: the signed-in customer's profile with the active addresses (enderecos). */
export const getMe = route(async ({ locals }) => {
  const customer = requireSignedIn(locals);
  const row = await getProfileService().getCustomer(customer.id);
  if (!row) throw profileError('unauthenticated', 'loginRequired');
  const enderecos = await getAddressService().listAddresses(customer.id);
  return jsonResult(200, { ...toAccountUser(row), enderecos });
});

/** POST /ecom/cliente/update-profile (multipart: telefone, documento, documento_tipo, optional frente/verso). */
export const updateProfile = route(async (call) => {
  const { locals, body } = call;
  const customer = requireSignedIn(locals);
  const limiter = getRateLimiter();
  const allowed = [
    await limiter.consume(LIMITS.profileUpdate, String(customer.id)),
    await limiter.consume(LIMITS.profileUpdateIp, getClientIp(call)),
  ];
  if (allowed.includes(false)) throw tooManyRequestsError(3600);
  const { t, f } = getAccountTexts(locals.locale);
  const upload = await readDocumentUpload(body, locals.locale, false);
  const result = z.safeParse(createProfileSchema(f, getPhoneCountryOf(customer)), upload.fields, zodMessagesIn(locals.locale));
  const errors = { ...(result.success ? {} : toFieldErrors(result.error.issues)), ...upload.fileErrors };
  if (!result.success || Object.keys(errors).length > 0) return invalidForm(errors, locals.locale);
  const row = await getProfileService().updateProfile(customer, result.data, upload.files);
  return jsonResult(200, { message: t('saved'), user: row ? toAccountUser(row) : null });
});
