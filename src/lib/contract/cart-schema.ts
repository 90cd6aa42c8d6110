import { z } from 'zod';
import { boundedText, idSchema, pgIntegerSchema } from './input.ts';

/**
 * The cart's request schemas (storefront spec section 7): the server parses with them; the cart
 * island types its requests by them through `import type` only (full zod stays out of its bundle).
 */
const CartItemSchema = z.object({
  produto_id: idSchema,
  // Not .int(): a fraction gets the cart's own 'whole number' answer; zero or less deletes.
  qtde: z.coerce.number(), // zod 4 numbers refuse NaN and Infinity
  armazem_id: idSchema.optional(),
  valor_unitario: z.unknown().optional(), // accepted and ignored: the server owns prices
  ativo: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .optional()
    .transform((v) => (v === undefined ? true : Boolean(v))),
  token: boundedText(200).optional().nullable(),
});

export const CartBodySchema = z.object({
  id: idSchema.optional(),
  external_id: boundedText(200),
  filial_id: pgIntegerSchema.optional(),
  moeda_id: z.coerce.number().int().min(1).max(4),
  itens: z.array(CartItemSchema).max(200).default([]),
});

export const CartQuerySchema = z.object({
  moeda_id: z.coerce.number().int().min(1).max(4).optional(),
  lang: z.enum(['pt', 'es']).optional(),
});

/** The body of POST /ecom/venda/carrinho and PUT /ecom/venda/carrinho/{id}, as a client sends it. */
export type CartInput = z.input<typeof CartBodySchema>;
/** One line of that body after parsing (ativo defaults to true). */
export type CartItemInput = z.output<typeof CartItemSchema>;
