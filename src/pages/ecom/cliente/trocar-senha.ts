import type { APIRoute } from 'astro';
import { createResetSchema } from '../../../lib/contract/accounts.ts';
import { json, jsonError } from '../../../server/http/responses.ts';
import { getAccountTexts, readJsonFields } from '../../../server/accounts/http.ts';
import { getRecoveryService } from '../../../server/accounts/index.ts';

/** POST /ecom/cliente/trocar-senha {email, uuid, token, code, password, password_confirmation}. */
export const POST: APIRoute = async (context) => {
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  const parsed = await readJsonFields(context.request, createResetSchema(f), locale);
  if (!parsed.ok) return parsed.response;
  const { uuid, token, password } = parsed.data;
  if (!(await getRecoveryService().resetPassword(uuid, token, password))) return jsonError(400, t('resetInvalidToken'));
  return json({ message: t('resetSuccess') });
};
