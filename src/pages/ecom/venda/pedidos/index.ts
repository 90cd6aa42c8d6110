import type { APIRoute } from 'astro';
import { commonMessages } from '../../../../lib/i18n/common.ts';
import { createTranslator } from '../../../../lib/i18n/translator.ts';
import { toApiLang } from '../../../../lib/locale.ts';
import { json, jsonError } from '../../../../server/http/responses.ts';
import { getOrderService } from '../../../../server/payments/index.ts';

/** The signed-in customer's orders, newest first: `{ data: [...] }`. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.customer) return jsonError(401, createTranslator(commonMessages, locals.locale)('loginRequired'));
  const orders = await getOrderService().listOrders(locals.customer.id, toApiLang(locals.locale));
  return json({ data: orders });
};
