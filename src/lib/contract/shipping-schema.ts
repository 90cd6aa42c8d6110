import { z } from 'zod';
import { MoneyRefSchema } from './cart-schema.ts';
import { boundedText, idSchema, optionalIdSchema } from './input.ts';

/**
 * The shipping requests and answers (storefront spec section 7, accounts spec section 3):
 * shipping.ts infers its types from the answer schemas. Full zod: no island imports this at run time.
 */

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

/** A department or district as the shipping calculator's selects list it. */
export const PlaceOptionSchema = z.object({ id: z.number().int(), name: z.string() });

export const PickupPointViewSchema = z.object({
  id: z.number().int(),
  ponto_entrega: z.number().int(),
  nome: z.string(),
  endereco: z.string(),
  estado: z.string(),
  estado_id: z.number().int(),
  cidade: z.string(),
  cidade_id: z.number().int(),
  horario_atendimento: z.string(),
  entrega_servico_id: z.number().int(),
  valor: z.number(),
  prazo: z.number().int(),
  /** Signed delivery token for choosing this point (send it as token_entrega). */
  token_servico: z.string().nullable(),
});

export const DeliveryOptionSchema = z.object({
  tipo: z.enum(['delivery', 'pickup', 'pickup_point']),
  /** null: store pickup. */
  entrega_servico_id: z.number().int().nullable(),
  entrega_integrador_id: z.number().int().nullable(),
  descricao: z.string(),
  /** Days. */
  prazo: z.number().int(),
  /** In the cart currency, major units; 0 is free. */
  valor: z.number(),
  moeda: MoneyRefSchema,
  cidade_id: z.number().int().nullable(),
  /** Signed delivery token (null on estimates and on the pickup-point group: use a point's token_servico). */
  token: z.string().nullable(),
  opcionais: z.object({ pontos_entrega: z.array(PickupPointViewSchema) }),
});
