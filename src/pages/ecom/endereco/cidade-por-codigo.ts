import type { APIRoute } from 'astro';
import { z } from 'zod';
import { shippingMessages } from '../../../lib/i18n/shipping.ts';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import { json, jsonError, parseJsonBody } from '../../../server/http/responses.ts';
import { getReferenceService } from '../../../server/reference/services.ts';

const BodySchema = z.object({
  pais_id: z.coerce.number().int().min(1).max(2),
  codigo: z.union([z.string(), z.number()]).transform((value) => String(value).trim()).pipe(z.string().regex(/^\d{1,7}$/)),
});

/**
 * POST /ecom/endereco/cidade-por-codigo {pais_id, codigo}: the city of a municipality code
 * (IBGE for Brazil, what the postal-code lookup returns; SIFEN district code of 1 to 3 digits for
 * Paraguay) as `{ id, nome, codigo, estado }`.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const parsed = await parseJsonBody(request, BodySchema, locals.locale);
  if (!parsed.ok) return parsed.response;
  const city = await getReferenceService().findCityByCode(parsed.data.pais_id, parsed.data.codigo);
  if (!city) {
    const message = createTranslator(shippingMessages, locals.locale)('cityNotFound');
    return jsonError(404, message, { codigo: [message] });
  }
  return json({
    id: city.cidade_id,
    cidade_id: city.cidade_id,
    nome: city.nome_cidade,
    codigo: city.cidade_codigo,
    estado_id: city.estado.estado_id,
    estado: { id: city.estado.estado_id, ...city.estado },
  });
};
