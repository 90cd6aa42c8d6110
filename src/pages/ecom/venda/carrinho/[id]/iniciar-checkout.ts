import type { APIRoute } from 'astro';
import { StartCheckoutSchema } from '../../../../../lib/contract/checkout.ts';
import { checkoutMessages } from '../../../../../lib/i18n/checkout.ts';
import { commonMessages } from '../../../../../lib/i18n/common.ts';
import { createTranslator } from '../../../../../lib/i18n/translator.ts';
import { CheckoutError } from '../../../../../server/checkout/errors.ts';
import { getLimitMessages } from '../../../../../server/checkout/limit-messages.ts';
import { json, jsonError, parseJsonBody } from '../../../../../server/http/responses.ts';
import { getCheckoutService } from '../../../../../server/payments/services.ts';
import { getClientIp, tooManyRequests } from '../../../../../server/rate-limit/http.ts';
import { LIMITS } from '../../../../../server/rate-limit/index.ts';
import { getOriginFor } from '../../../../../server/storefront-hosts.ts';
import { getRateLimiter } from '../../../../../server/services.ts';

export const POST: APIRoute = async (context) => {
  const { params, request, locals } = context;
  const t = createTranslator(checkoutMessages, locals.locale);
  if (!locals.customer) return jsonError(401, createTranslator(commonMessages, locals.locale)('loginRequired'));
  const limiter = getRateLimiter();
  const customerOk = await limiter.consume(LIMITS.checkoutCustomer, String(locals.customer.id));
  const ipOk = await limiter.consume(LIMITS.checkoutIp, getClientIp(context));
  if (!customerOk || !ipOk) return tooManyRequests(locals.locale);
  const parsed = await parseJsonBody(request, StartCheckoutSchema, locals.locale);
  if (!parsed.ok) return parsed.response;
  try {
    const started = await getCheckoutService().startCheckout({
      customerId: locals.customer.id,
      cartExternalId: params.id ?? '',
      input: parsed.data,
      // Payment and return links come from the configured origin, never from the request's Host.
      shopOrigin: getOriginFor(locals.storefront),
      locale: locals.locale,
    });
    return json(
      { link_pagamento: [started.link], pedido: started.orderNumber, external_id: started.orderExternalId },
      { status: started.created ? 201 : 200 },
    );
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    const spanish = locals.locale.startsWith('es');
    const details = error.shortItems.map((item) =>
      t('shortItem', { name: spanish ? item.nome_es : item.nome_pt, q: item.solicitado, n: item.disponivel }));
    const limit = getLimitMessages(error, locals.locale);
    if (limit) details.push(limit.detail);
    const message = limit?.summary ?? t(error.code as Exclude<typeof error.code, 'unitsPerProductCap' | 'unpaidValueCap'>);
    const body: Record<string, unknown> = { message, errors: { [error.field]: details.length ? details : [message] } };
    if (error.shortItems.length) body.itens_indisponiveis = error.shortItems;
    return json(body, { status: error.status });
  }
};
