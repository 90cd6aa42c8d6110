// The cart's shipping endpoints (storefront spec section 7), framework-free: Astro's endpoint
// files and server.mjs's fast routes both run these.
import { checkExternalId } from '../cart/cart-http.ts';
import type { ApiCall } from '../http/api-call.ts';
import { jsonResult, readJsonBody, type ApiResult } from '../http/responses.ts';
import { getShippingService } from './services.ts';
import { CalculateBodySchema, getShippingActor, toShippingErrorResult } from './shipping-http.ts';

/**
 * PUT /ecom/venda/carrinho/{externalId}/calcular-frete: the delivery options for the chosen city
 * (or address, or pickup point), each with a signed token checkout verifies.
 */
export async function calculateShipping({ id, body, locals }: ApiCall): Promise<ApiResult> {
  const parsed = await readJsonBody(body, CalculateBodySchema, locals.locale);
  if (!parsed.ok) return parsed.result;
  const weak = checkExternalId(id, locals.locale);
  if (weak) return weak;
  const input = parsed.data;
  try {
    const options = await getShippingService().calculate(
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
    return toShippingErrorResult(error, locals.locale);
  }
}

/** GET /ecom/venda/carrinho/{externalId}/pontos-entrega[?cidade_id=]: pickup points with their signed tokens. */
export async function listPickupPoints({ id, url, locals }: ApiCall): Promise<ApiResult> {
  const weak = checkExternalId(id, locals.locale);
  if (weak) return weak;
  const city = Number(url.searchParams.get('cidade_id'));
  try {
    const points = await getShippingService().listPickupPoints(id, getShippingActor(locals), Number.isInteger(city) && city > 0 ? city : undefined);
    return jsonResult(200, points);
  } catch (error) {
    return toShippingErrorResult(error, locals.locale);
  }
}
