import { z } from 'zod';
import { shippingMessages } from '../../lib/i18n/shipping.ts';
import { commonMessages } from '../../lib/i18n/common.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import { toApiLang, type Locale, type Storefront } from '../../lib/locale.ts';
import type { SessionCustomer } from '../accounts/sessions.ts';
import { errorResult, toResponse, type ApiResult } from '../http/responses.ts';
import { ShippingError, type ShippingActor } from './shipping-service.ts';
import { boundedText, optionalIdSchema } from '../../lib/contract/input.ts';

const optionalId = optionalIdSchema;

/** The body of PUT .../calcular-frete (storefront spec section 7); items are read from the server cart. */
export const CalculateBodySchema = z.object({
  cidade_id: optionalId,
  id: optionalId,
  external_id: boundedText(200).optional(),
  filial_id: optionalId,
  moeda_id: optionalId,
  cep: boundedText(20).optional().nullable(),
  itens: z.array(z.unknown()).max(200).optional(),
  cidade_alternativa_id: optionalId,
  id_servico: optionalId,
  id_ponto_entrega: optionalId,
  cliente_endereco_id: optionalId,
  pais_id: optionalId,
});

export function getShippingActor(locals: { customer: SessionCustomer | null; locale: Locale; storefront: Storefront }): ShippingActor {
  return {
    customerId: locals.customer?.id ?? null,
    foreignBuyer: locals.customer?.foreignBuyer ?? null,
    storefront: locals.storefront,
    lang: toApiLang(locals.locale),
  };
}

/** ShippingError -> the JSON error of the contract, in the shopper's language; anything else rethrown. */
export function toShippingErrorResult(error: unknown, locale: Locale): ApiResult {
  if (!(error instanceof ShippingError)) throw error;
  if (error.status === 403) return errorResult(403, createTranslator(commonMessages, locale)('forbidden'));
  const message = createTranslator(shippingMessages, locale)(error.key);
  return errorResult(error.status, message, error.field ? { [error.field]: [message] } : undefined);
}

export function toShippingErrorResponse(error: unknown, locale: Locale): Response {
  return toResponse(toShippingErrorResult(error, locale));
}
