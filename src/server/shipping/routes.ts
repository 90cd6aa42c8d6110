// The shipping endpoints (storefront spec section 7), framework-free: Astro's endpoint files and
// server.mjs's fast routes both run these.
import { CalculateShippingBodySchema, EstimateShippingQuerySchema } from '#lib/contract/shipping-schema.ts';
import { toApiLang, type Locale, type Storefront } from '#lib/locale.ts';
import type { SessionCustomer } from '../accounts/index.ts';
import { checkExternalId } from '../cart/routes.ts';
import type { ApiCall } from '../http/api-call.ts';
import { toErrorResult } from '../http/error-result.ts';
import { jsonResult, readJsonBody, readQuery, type ApiResult } from '../http/responses.ts';
import type { ShippingActor, ShippingService } from './service.ts';

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
  const parsed = await readJsonBody(body, CalculateShippingBodySchema, locals.locale);
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
export async function estimateShipping(service: ShippingService, { url, locals }: ApiCall): Promise<ApiResult> {
  const query = readQuery(url.searchParams, EstimateShippingQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  try {
    return jsonResult(
      200,
      await service.estimate(query.data.cidade_id, query.data.moeda_id ?? locals.currencyId, getShippingActor(locals)),
    );
  } catch (error) {
    return toErrorResult(error, locals.locale);
  }
}
