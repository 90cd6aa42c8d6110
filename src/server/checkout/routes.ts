import { checkoutMessages } from '../../lib/i18n/checkout.ts';
import { commonMessages } from '../../lib/i18n/common.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import { json, jsonError, parseJsonBody } from '../http/responses.ts';
import type { RequestLocals } from '../entry/request-context.ts';
import { getClientIp, tooManyRequests } from '../rate-limit/http.ts';
import { LIMITS } from '../rate-limit/index.ts';
import { getRateLimiter } from '../services.ts';
import { getOriginFor } from '../storefront-hosts.ts';
import { CheckoutError } from './errors.ts';
import { getCheckoutService } from './index.ts';
import { StartCheckoutSchema, type StartCheckoutAnswer } from '../../lib/contract/checkout.ts';
import { getLimitMessages } from './limit-messages.ts';

/** What the checkout handler needs of a request: the shape of Astro's context, no more. */
export interface CheckoutCall {
  params: { id?: string };
  request: Request;
  locals: RequestLocals;
  clientAddress?: string;
}

/** CheckoutError -> the contract's error body in the shopper's language (short items and caps named). */
function toCheckoutErrorResponse(error: CheckoutError, locale: RequestLocals['locale']): Response {
  const t = createTranslator(checkoutMessages, locale);
  const spanish = locale.startsWith('es');
  const details = error.shortItems.map((item) =>
    t('shortItem', { name: spanish ? item.nome_es : item.nome_pt, q: item.solicitado, n: item.disponivel }));
  const limit = getLimitMessages(error, locale);
  if (limit) details.push(limit.detail);
  const message = limit?.summary ?? t(error.code as Exclude<typeof error.code, 'unitsPerProductCap' | 'unpaidValueCap'>);
  const body: Record<string, unknown> = { message, errors: { [error.field]: details.length ? details : [message] } };
  if (error.shortItems.length) body.itens_indisponiveis = error.shortItems;
  return json(body, { status: error.status });
}

/** POST /ecom/venda/carrinho/{external_id}/iniciar-checkout: the signed-in buyer's cart becomes an order and a payment link. */
export async function postStartCheckout(context: CheckoutCall): Promise<Response> {
  const { params, request, locals } = context;
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
      { link_pagamento: [started.link], pedido: started.orderNumber, external_id: started.orderExternalId } satisfies StartCheckoutAnswer,
      { status: started.created ? 201 : 200 },
    );
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    return toCheckoutErrorResponse(error, locals.locale);
  }
}
