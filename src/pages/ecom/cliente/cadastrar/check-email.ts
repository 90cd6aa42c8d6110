import type { APIRoute } from 'astro';
import { createCheckEmailSchema } from '../../../../lib/contract/accounts.ts';
import { json, jsonError } from '../../../../server/http/responses.ts';
import { getAccountTexts, readJsonFields } from '../../../../server/accounts/http.ts';
import { getClientIp, tooManyRequests } from '../../../../server/rate-limit/http.ts';
import { getCustomerRepository } from '../../../../server/accounts/index.ts';
import { getRateLimiter } from '../../../../server/services.ts';
import { LIMITS } from '../../../../server/rate-limit/index.ts';

/** POST /ecom/cliente/cadastrar/check-email {email}: 200 when free, 422 errors.email otherwise. */
export const POST: APIRoute = async (context) => {
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  if (!(await getRateLimiter().consume(LIMITS.checkEmail, getClientIp(context)))) return tooManyRequests(locale);
  const parsed = await readJsonFields(context.request, createCheckEmailSchema(f), locale);
  if (!parsed.ok) return parsed.response;
  if (await getCustomerRepository().findByEmail(parsed.data.email)) {
    return jsonError(422, t('emailInUse'), { email: [t('emailInUse')] });
  }
  return json({ message: 'ok' });
};
