import type { APIRoute } from 'astro';
import { json, jsonError } from '../../../server/http/responses.ts';
import { getAccountTexts } from '../../../server/accounts/http.ts';
import { getClientIp, tooManyRequests } from '../../../server/rate-limit/http.ts';
import { requireApiCustomer } from '../../../server/accounts/require-customer.ts';
import { getRecoveryService } from '../../../server/accounts/index.ts';

/** POST /ecom/cliente/reenviar-email: sends the signed-in customer a new confirmation link. */
export const POST: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const { locale } = context.locals;
  const { t } = getAccountTexts(locale);
  const outcome = await getRecoveryService().sendConfirmation(customer.id, getClientIp(context));
  if (outcome === 'limited') return tooManyRequests(locale);
  if (outcome === 'verified') return jsonError(409, t('emailVerified'));
  return json({ message: t('verifyInbox') });
};
