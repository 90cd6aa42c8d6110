import type { APIRoute } from 'astro';
import { checkExternalId } from '../../../../../server/cart/cart-http.ts';
import { json, parseJsonBody } from '../../../../../server/http/responses.ts';
import { getShippingService } from '../../../../../server/shipping/services.ts';
import { CalculateBodySchema, getShippingActor, toShippingErrorResponse } from '../../../../../server/shipping/shipping-http.ts';

/**
 * PUT /ecom/venda/carrinho/{externalId}/calcular-frete: the delivery options for the chosen city
 * (or address, or pickup point), each with a signed token checkout verifies.
 */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const parsed = await parseJsonBody(request, CalculateBodySchema, locals.locale);
  if (!parsed.ok) return parsed.response;
  const externalId = params.id ?? '';
  const weak = checkExternalId(externalId, locals.locale);
  if (weak) return weak;
  const body = parsed.data;
  try {
    const options = await getShippingService().calculate(
      {
        externalId,
        cityId: body.cidade_alternativa_id ?? body.cidade_id,
        addressId: body.cliente_endereco_id,
        pickupPointId: body.id_ponto_entrega,
        countryId: body.pais_id,
      },
      getShippingActor(locals),
    );
    return json(options);
  } catch (error) {
    return toShippingErrorResponse(error, locals.locale);
  }
};
