import type { APIRoute } from 'astro';
import { commonMessages } from '../../../../../lib/i18n/common.ts';
import { createTranslator } from '../../../../../lib/i18n/translator.ts';
import { toApiLang } from '../../../../../lib/locale.ts';
import { json, jsonError } from '../../../../../server/http/responses.ts';
import { getOrderService } from '../../../../../server/payments/index.ts';

/** What the payment-status page polls: `pagamentos[0].status`, plus the order status and pickup code. */
export const GET: APIRoute = async ({ locals, params }) => {
  const t = createTranslator(commonMessages, locals.locale);
  if (!locals.customer) return jsonError(401, t('loginRequired'));
  const order = await getOrderService().getOrder(locals.customer.id, params.id ?? '', toApiLang(locals.locale));
  if (!order) return jsonError(404, t('resourceNotFound'));
  return json({
    pedido: order.pedido,
    external_id: order.external_id,
    status: order.status,
    codigo_retirada: order.codigo_retirada,
    link_pagamento: order.link_pagamento,
    pagamentos: order.pagamentos,
  });
};
