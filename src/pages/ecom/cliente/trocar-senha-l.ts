import type { APIRoute } from 'astro';
import { createPasswordChangeSchema } from '../../../lib/contract/accounts.ts';
import { json, jsonError } from '../../../server/http/responses.ts';
import { getAccountTexts, readJsonFields } from '../../../server/accounts/http.ts';
import { requireApiCustomer } from '../../../server/accounts/require-customer.ts';
import { getAuthService } from '../../../server/accounts/index.ts';

/** POST /ecom/cliente/trocar-senha-l {password_currently, password, password_confirmation}. */
export const POST: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  const parsed = await readJsonFields(context.request, createPasswordChangeSchema(f), locale);
  if (!parsed.ok) return parsed.response;
  const { password_currently, password } = parsed.data;
  const changed = await getAuthService().changePassword(customer.id, password_currently, password, context.locals.sessionToken);
  if (!changed) return jsonError(422, t('wrongCurrentPassword'), { password_currently: [t('wrongCurrentPassword')] });
  return json({ message: t('passwordChanged') });
};
