import { z } from 'zod';
import { boundedText, idSchema, optionalIdSchema } from './input.ts';

/** The shipping requests (storefront spec section 7). Full zod: no island imports this. */

/** The body of PUT .../calcular-frete; items are read from the server cart. */
export const CalculateShippingBodySchema = z.object({
  cidade_id: optionalIdSchema,
  id: optionalIdSchema,
  external_id: boundedText(200).optional(),
  filial_id: optionalIdSchema,
  moeda_id: optionalIdSchema,
  cep: boundedText(20).optional().nullable(),
  itens: z.array(z.unknown()).max(200).optional(),
  cidade_alternativa_id: optionalIdSchema,
  id_servico: optionalIdSchema,
  id_ponto_entrega: optionalIdSchema,
  cliente_endereco_id: optionalIdSchema,
  pais_id: optionalIdSchema,
});

/** GET /ecom/endereco/frete?cidade_id=&moeda_id=: the product page's estimate. */
export const EstimateShippingQuerySchema = z.object({
  cidade_id: idSchema,
  moeda_id: z.coerce.number().int().min(1).max(4).optional(),
});
