import { checkoutMessages } from '#lib/i18n/checkout.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { DomainError } from '../errors/domain-error.ts';
import type { ApiCall } from '../http/api-call.ts';
import { toErrorResult } from '../http/error-result.ts';
import { errorResult, jsonResult, readJsonBody, type ApiResult, type FieldErrors } from '../http/responses.ts';
import { tooManyRequestsError } from '../rate-limit/errors.ts';
import { getClientIp, getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { getOriginFor } from '../storefront-hosts.ts';
import { getLimitDetail, type ShortItem } from './errors.ts';
import { getCheckoutService } from './index.ts';
import { PayAgainSchema, StartCheckoutSchema, type StartCheckoutAnswer } from '#lib/contract/checkout.ts';

/**
 * A refusal through the one mapper (decision 0720), with checkout's detail lines under `itens`:
 * one per short item (named in the shopper's language) or the cap passed. Anything but a
 * DomainError is rethrown.
 */
function toCheckoutErrorResult(error: unknown, locale: Locale): ApiResult {
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
  return result;
}

/** POST /ecom/venda/carrinho/{external_id}/iniciar-checkout: the signed-in buyer's cart becomes an order and a payment link. */
export async function postStartCheckout(call: ApiCall): Promise<ApiResult> {
  const { id, body, locals } = call;
  if (!locals.customer) return errorResult(401, createTranslator(commonMessages, locals.locale)('loginRequired'));
  const limiter = getRateLimiter();
  const customerOk = await limiter.consume(LIMITS.checkoutCustomer, String(locals.customer.id));
  const ipOk = await limiter.consume(LIMITS.checkoutIp, getClientIp(call));
  if (!customerOk || !ipOk) return toErrorResult(tooManyRequestsError(), locals.locale);
  const parsed = await readJsonBody(body, StartCheckoutSchema, locals.locale);
  if (!parsed.ok) return parsed.result;
  try {
    const started = await getCheckoutService().startCheckout({
      customerId: locals.customer.id,
      cartExternalId: id,
      input: parsed.data,
      // Payment and return links come from the configured origin, never from the request's Host.
      shopOrigin: getOriginFor(locals.storefront),
      locale: locals.locale,
    });
    return jsonResult(started.created ? 201 : 200, {
      link_pagamento: [started.link],
      pedido: started.orderNumber,
      external_id: started.orderExternalId,
    } satisfies StartCheckoutAnswer);
  } catch (error) {
    return toCheckoutErrorResult(error, locals.locale);
  }
}

/**
 * POST /ecom/venda/pedidos/{external_id}/pagar-novamente {forma_pagamento, parcelas}: the signed-in
 * buyer pays an unpaid order with another method while its stock is reserved (issue 35); 410 once
 * the reservation ended.
 */
export async function postPayAgain(call: ApiCall): Promise<ApiResult> {
  const { id, body, locals } = call;
  if (!locals.customer) return errorResult(401, createTranslator(commonMessages, locals.locale)('loginRequired'));
  if (!(await getRateLimiter().consume(LIMITS.checkoutCustomer, String(locals.customer.id)))) {
    return toErrorResult(tooManyRequestsError(), locals.locale);
  }
  const parsed = await readJsonBody(body, PayAgainSchema, locals.locale);
  if (!parsed.ok) return parsed.result;
  try {
    const started = await getCheckoutService().payAgain({
      customerId: locals.customer.id,
      orderExternalId: id,
      method: parsed.data.forma_pagamento,
      installments: parsed.data.parcelas,
      shopOrigin: getOriginFor(locals.storefront),
      locale: locals.locale,
    });
    return jsonResult(201, {
      link_pagamento: [started.link],
      pedido: started.orderNumber,
      external_id: started.orderExternalId,
    } satisfies StartCheckoutAnswer);
  } catch (error) {
    return toCheckoutErrorResult(error, locals.locale);
  }
}
