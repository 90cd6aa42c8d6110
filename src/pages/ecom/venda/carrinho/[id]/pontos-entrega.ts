import type { APIRoute } from 'astro';
import { checkExternalId } from '../../../../../server/cart/cart-http.ts';
import { json } from '../../../../../server/http/responses.ts';
import { getShippingService } from '../../../../../server/shipping/services.ts';
import { getShippingActor, toShippingErrorResponse } from '../../../../../server/shipping/shipping-http.ts';

/** GET /ecom/venda/carrinho/{externalId}/pontos-entrega[?cidade_id=]: pickup points with their signed tokens. */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const externalId = params.id ?? '';
  const weak = checkExternalId(externalId, locals.locale);
  if (weak) return weak;
  const city = Number(url.searchParams.get('cidade_id'));
  try {
    const points = await getShippingService().listPickupPoints(
      externalId, getShippingActor(locals), Number.isInteger(city) && city > 0 ? city : undefined,
    );
    return json(points);
  } catch (error) {
    return toShippingErrorResponse(error, locals.locale);
  }
};
