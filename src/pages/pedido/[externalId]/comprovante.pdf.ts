import type { APIRoute } from 'astro';
import { commonMessages } from '../../../lib/i18n/common.ts';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import { toApiLang } from '../../../lib/locale.ts';
import { jsonError } from '../../../server/http/responses.ts';
import { getOrderService } from '../../../server/payments/index.ts';
import { renderReceiptPdf } from '../../../server/pdf/order-documents.ts';

/** The order receipt (the /success "download receipt"), for its owner only. */
export const GET: APIRoute = async ({ locals, params }) => {
  const t = createTranslator(commonMessages, locals.locale);
  if (!locals.customer) return jsonError(401, t('loginRequired'));
  const order = await getOrderService().getOrder(locals.customer.id, params.externalId ?? '', toApiLang(locals.locale));
  if (!order) return jsonError(404, t('resourceNotFound'));
  const pdf = await renderReceiptPdf(order, locals.locale);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="pedido-${order.pedido}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
};
