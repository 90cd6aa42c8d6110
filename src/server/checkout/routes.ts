import { checkoutMessages } from '#lib/i18n/checkout.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { DomainError } from '../errors/domain-error.ts';
import { toErrorResult } from '../http/error-result.ts';
import { json, jsonError, parseJsonBody, type FieldErrors } from '../http/responses.ts';
import type { RequestLocals } from '../entry/request-context.ts';
import { getClientIp, tooManyRequests } from '../rate-limit/http.ts';
import { LIMITS } from '../rate-limit/index.ts';
import { getRateLimiter } from '../services.ts';
import { getOriginFor } from '../storefront-hosts.ts';
import type { ShortItem } from './errors.ts';
import { getCheckoutService } from './index.ts';
import { StartCheckoutSchema, type StartCheckoutAnswer } from '#lib/contract/checkout.ts';
import { getLimitDetail } from './limit-messages.ts';

/** What the checkout handler needs of a request: the shape of Astro's context, no more. */
export interface CheckoutCall {
  params: { id?: string };
  request: Request;
  locals: RequestLocals;
  clientAddress?: string;
}

/**
 * A refusal through the one mapper (decision 0720), with checkout's detail lines under `itens`:
 * one per short item (named in the shopper's language) or the cap passed. Anything but a
 * DomainError is rethrown.
 */
function toCheckoutErrorResponse(error: unknown, locale: Locale): Response {
  const result = toErrorResult(error, locale);
  const refusal = error as DomainError;
  const t = createTranslator(checkoutMessages, locale);
  const spanish = locale.startsWith('es');
  const short = (refusal.details.itens_indisponiveis ?? []) as ShortItem[];
  const details = short.map((item) =>
    t('shortItem', { name: spanish ? item.nome_es : item.nome_pt, q: item.solicitado, n: item.disponivel }),
  );
  const limit = getLimitDetail(refusal, locale);
  if (limit) details.push(limit);
  if (details.length && refusal.field) (result.body as { errors: FieldErrors }).errors = { [refusal.field]: details };
  return json(result.body, { status: result.status, headers: result.headers });
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
    return toCheckoutErrorResponse(error, locals.locale);
  }
}
