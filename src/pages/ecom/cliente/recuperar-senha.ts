import type { APIRoute } from 'astro';
import { createRecoverySchema } from '../../../lib/contract/accounts.ts';
import { json } from '../../../server/http/responses.ts';
import { getAccountTexts, readJsonFields } from '../../../server/accounts/http.ts';
import { getClientIp, tooManyRequests } from '../../../server/rate-limit/http.ts';
import { getRecoveryService } from '../../../server/accounts/index.ts';

/** POST /ecom/cliente/recuperar-senha {email}: the same answer whether or not the e-mail exists. */
export const POST: APIRoute = async (context) => {
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  const parsed = await readJsonFields(context.request, createRecoverySchema(f), locale);
  if (!parsed.ok) return parsed.response;
  const outcome = await getRecoveryService().requestReset(parsed.data.email, getClientIp(context));
  if (outcome === 'limited') return tooManyRequests(locale);
  return json({ message: t('recoverSent') });
};
