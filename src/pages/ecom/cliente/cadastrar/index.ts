import type { APIRoute } from 'astro';
import { createRegistrationSchema } from '../../../../lib/contract/accounts.ts';
import { json, jsonError, toFieldErrors, zodMessagesIn } from '../../../../server/http/responses.ts';
import { getAccountTexts, setSessionCookie } from '../../../../server/accounts/http.ts';
import { getClientIp, tooManyRequests } from '../../../../server/rate-limit/http.ts';
import { getRegistrationService } from '../../../../server/accounts/index.ts';
import { getRateLimiter } from '../../../../server/services.ts';
import { readDocumentUpload } from '../../../../server/accounts/uploads.ts';
import { LIMITS } from '../../../../server/rate-limit/index.ts';
import * as z from 'zod/mini';

/** POST /ecom/cliente/cadastrar (multipart: the registration fields, files frente and verso). */
export const POST: APIRoute = async (context) => {
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  if (!(await getRateLimiter().consume(LIMITS.register, getClientIp(context)))) return tooManyRequests(locale);
  const upload = await readDocumentUpload(context.request, locale, true);
  if (!upload.ok) return upload.response;
  const result = z.safeParse(createRegistrationSchema(f), upload.fields, zodMessagesIn(locale));
  const errors = { ...(result.success ? {} : toFieldErrors(result.error.issues)), ...upload.fileErrors };
  const { frente, verso } = upload.files;
  if (!result.success || !frente || !verso || Object.keys(errors).length > 0) {
    return jsonError(422, f('formInvalidText'), errors);
  }
  const outcome = await getRegistrationService().register(result.data, { frente, verso }, t('registrationAddressName'));
  if (outcome.kind === 'email_taken') return jsonError(422, t('emailInUse'), { email: [t('emailInUse')] });
  if (outcome.kind === 'bad_city') return jsonError(422, f('formInvalidText'), { cidade_id: [t('cityInvalid')] });
  setSessionCookie(context.cookies, context.url, outcome.token);
  return json({ message: t('registerSuccess'), token: outcome.token, user: outcome.user }, { status: 201 });
};
