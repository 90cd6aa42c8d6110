// The shipping endpoints (storefront spec section 7), framework-free: Astro's endpoint files and
// server.mjs's fast routes both run these.
import { z } from 'zod';
import { boundedText, idSchema, optionalIdSchema } from '#lib/contract/input.ts';
import { toApiLang, type Locale, type Storefront } from '#lib/locale.ts';
import type { SessionCustomer } from '../accounts/sessions.ts';
import { checkExternalId } from '../cart/cart-http.ts';
import type { ApiCall } from '../http/api-call.ts';
import { toErrorResult } from '../http/error-result.ts';
import { jsonResult, readJsonBody, readQuery, toResponse, type ApiResult } from '../http/responses.ts';
import type { ShippingActor, ShippingService } from './service.ts';

const optionalId = optionalIdSchema;

/** The body of PUT .../calcular-frete (storefront spec section 7); items are read from the server cart. */
const CalculateBodySchema = z.object({
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

const EstimateQuerySchema = z.object({
  cidade_id: idSchema,
  moeda_id: z.coerce.number().int().min(1).max(4).optional(),
});

function getShippingActor(locals: { customer: SessionCustomer | null; locale: Locale; storefront: Storefront }): ShippingActor {
  return {
    customerId: locals.customer?.id ?? null,
    foreignBuyer: locals.customer?.foreignBuyer ?? null,
    storefront: locals.storefront,
    lang: toApiLang(locals.locale),
  };
}

/**
 * PUT /ecom/venda/carrinho/{externalId}/calcular-frete: the delivery options for the chosen city
 * (or address, or pickup point), each with a signed token checkout verifies.
 */
export async function calculateShipping(service: ShippingService, { id, body, locals }: ApiCall): Promise<ApiResult> {
  const parsed = await readJsonBody(body, CalculateBodySchema, locals.locale);
  if (!parsed.ok) return parsed.result;
  const weak = checkExternalId(id, locals.locale);
  if (weak) return weak;
  const input = parsed.data;
  try {
    const options = await service.calculate(
      {
        externalId: id,
        cityId: input.cidade_alternativa_id ?? input.cidade_id,
        addressId: input.cliente_endereco_id,
        pickupPointId: input.id_ponto_entrega,
        countryId: input.pais_id,
      },
      getShippingActor(locals),
    );
    return jsonResult(200, options);
  } catch (error) {
    return toErrorResult(error, locals.locale);
  }
}

/** GET /ecom/venda/carrinho/{externalId}/pontos-entrega[?cidade_id=]: pickup points with their signed tokens. */
export async function listPickupPoints(service: ShippingService, { id, url, locals }: ApiCall): Promise<ApiResult> {
  const weak = checkExternalId(id, locals.locale);
  if (weak) return weak;
  const city = Number(url.searchParams.get('cidade_id'));
  try {
    const points = await service.listPickupPoints(id, getShippingActor(locals), Number.isInteger(city) && city > 0 ? city : undefined);
    return jsonResult(200, points);
  } catch (error) {
    return toErrorResult(error, locals.locale);
  }
}

/** GET /ecom/endereco/frete?cidade_id=: the product page's estimate for a city (no cart, no tokens). */
export async function estimateShipping(service: ShippingService, { url, locals }: Pick<ApiCall, 'url' | 'locals'>): Promise<Response> {
  const query = readQuery(url.searchParams, EstimateQuerySchema, locals.locale);
  if (!query.ok) return toResponse(query.result);
  try {
    return toResponse(
      jsonResult(200, await service.estimate(query.data.cidade_id, query.data.moeda_id ?? locals.currencyId, getShippingActor(locals))),
    );
  } catch (error) {
    return toResponse(toErrorResult(error, locals.locale));
  }
}
