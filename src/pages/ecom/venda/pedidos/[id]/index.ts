import type { APIRoute } from 'astro';
import { commonMessages } from '../../../../../lib/i18n/common.ts';
import { createTranslator } from '../../../../../lib/i18n/translator.ts';
import { toApiLang } from '../../../../../lib/locale.ts';
import { json, jsonError } from '../../../../../server/http/responses.ts';
import { getOrderService } from '../../../../../server/payments/index.ts';

/** One order of the signed-in customer; anybody else's order is a 404, never a 403. */
export const GET: APIRoute = async ({ locals, params }) => {
  const t = createTranslator(commonMessages, locals.locale);
  if (!locals.customer) return jsonError(401, t('loginRequired'));
  const order = await getOrderService().getOrder(locals.customer.id, params.id ?? '', toApiLang(locals.locale));
  return order ? json(order) : jsonError(404, t('resourceNotFound'));
};
