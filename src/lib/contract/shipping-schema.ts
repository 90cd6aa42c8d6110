import { z } from 'zod';
import { boundedText, idSchema, optionalIdSchema } from './input.ts';

/**
 * The request schemas of shipping and of the address look-ups (storefront spec section 7,
 * accounts spec section 3): the server parses with them. Islands import shipping.ts (types only),
 * so full zod stays out of their bundles.
 */

/** The body of PUT /ecom/venda/carrinho/{externalId}/calcular-frete; items are read from the server cart. */
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
export const ShippingEstimateQuerySchema = z.object({
  cidade_id: idSchema,
  moeda_id: z.coerce.number().int().min(1).max(4).optional(),
});

/** GET /ecom/endereco/estados?pais_id=: 1 Brazil, 2 Paraguay, none both. */
export const StatesQuerySchema = z.object({ pais_id: z.coerce.number().int().min(1).max(2).optional() });

/** POST /ecom/endereco/cidade-por-codigo: a municipality code (IBGE, or SIFEN district) of a country. */
export const CityByCodeBodySchema = z.object({
  pais_id: z.coerce.number().int().min(1).max(2),
  codigo: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,7}$/)),
});
