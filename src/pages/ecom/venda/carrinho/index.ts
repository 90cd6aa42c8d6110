import type { APIRoute } from 'astro';
import { CartBodySchema, checkExternalId, getActor, toCartErrorResponse } from '../../../../server/cart/cart-http.ts';
import { getCartService } from '../../../../server/cart/services.ts';
import { json, parseJsonBody } from '../../../../server/http/responses.ts';

/** POST /ecom/venda/carrinho: creates the cart under the client's external id. */
export const POST: APIRoute = async ({ request, locals }) => {
  const parsed = await parseJsonBody(request, CartBodySchema, locals.locale);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const weak = checkExternalId(body.external_id, locals.locale);
  if (weak) return weak;
  try {
    const cart = await getCartService().createCart(
      { externalId: body.external_id, currencyId: body.moeda_id, items: body.itens },
      getActor(locals),
    );
    return json(cart, { status: 201 });
  } catch (error) {
    return toCartErrorResponse(error, locals.locale);
  }
};
