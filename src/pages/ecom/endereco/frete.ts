import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '../../../server/http/responses.ts';
import { getShippingService } from '../../../server/shipping/services.ts';
import { getShippingActor, toShippingErrorResponse } from '../../../server/shipping/shipping-http.ts';
import { idSchema } from '../../../lib/contract/input.ts';

const QuerySchema = z.object({
  cidade_id: idSchema,
  moeda_id: z.coerce.number().int().min(1).max(4).optional(),
});

/** GET /ecom/endereco/frete?cidade_id=: the product page's estimate for a city (no cart, no tokens). */
export const GET: APIRoute = async ({ url, locals }) => {
  const query = parseQuery(url, QuerySchema, locals.locale);
  if (!query.ok) return query.response;
  try {
    return json(await getShippingService().estimate(query.data.cidade_id, query.data.moeda_id ?? locals.currencyId, getShippingActor(locals)));
  } catch (error) {
    return toShippingErrorResponse(error, locals.locale);
  }
};
