import type { APIRoute } from 'astro';
import { json, jsonError } from '../../../../../server/http/responses.ts';
import { getAccountTexts } from '../../../../../server/accounts/http.ts';
import { getRecoveryService } from '../../../../../server/accounts/index.ts';

/** POST /ecom/cliente/confirmar-email/{uid}/{token}: marks the e-mail confirmed (single use). */
export const POST: APIRoute = async (context) => {
  const { t } = getAccountTexts(context.locals.locale);
  const { uid = '', token = '' } = context.params;
  if (!(await getRecoveryService().confirmEmail(uid, token))) return jsonError(400, t('confirmInvalid'));
  return json({ message: t('confirmSuccess') });
};
