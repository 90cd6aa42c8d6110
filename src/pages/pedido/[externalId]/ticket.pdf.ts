import type { APIRoute } from 'astro';
import { showsPickupCode } from '../../../lib/contract/orders.ts';
import { commonMessages } from '../../../lib/i18n/common.ts';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import { toApiLang } from '../../../lib/locale.ts';
import { jsonError } from '../../../server/http/responses.ts';
import { getOrderService } from '../../../server/payments/index.ts';
import { renderTicketPdf } from '../../../server/pdf/order-documents.ts';

/** The pickup ticket PDF: exists once the order is paid and has its pickup code. */
export const GET: APIRoute = async ({ locals, params }) => {
  const t = createTranslator(commonMessages, locals.locale);
  if (!locals.customer) return jsonError(401, t('loginRequired'));
  const order = await getOrderService().getOrder(locals.customer.id, params.externalId ?? '', toApiLang(locals.locale));
  const code = order && showsPickupCode(order) ? order.codigo_retirada : null;
  if (!order || !code) return jsonError(404, t('resourceNotFound'));
  const pdf = await renderTicketPdf({ ...order, codigo_retirada: code }, locals.locale);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="ticket-${order.pedido}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
};
