import { z } from 'zod';
import { boundedText, idSchema, optionalIdSchema, pgIntegerSchema } from './input.ts';

/**
 * The cart's request and answer schemas (storefront spec sections 3 and 7): the server parses
 * requests with them; the answers' types (cart.ts) are inferred from them and the API tests parse
 * answers with them. Islands use them through `import type` only (full zod stays out of their bundles).
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
  /**
   * The cart's `versao` the client last saw (issue 35): the lines become exactly `itens`, or 409
   * with the current cart when it changed since. Without it, each line of `itens` is set and the
   * cart's other lines stay (qtde 0 or less deletes a line).
   */
  versao: optionalIdSchema,
});

export const CartQuerySchema = z.object({
  moeda_id: z.coerce.number().int().min(1).max(4).optional(),
  lang: z.enum(['pt', 'es']).optional(),
});

/** The body of POST /ecom/venda/carrinho and PUT /ecom/venda/carrinho/{id}, as a client sends it. */
export type CartInput = z.input<typeof CartBodySchema>;
/** One line of that body after parsing (ativo defaults to true). */
export type CartItemInput = z.output<typeof CartItemSchema>;

/** A currency as an answer names it. */
export const MoneyRefSchema = z.object({ id: z.number().int(), simbolo: z.string(), casas_decimais: z.number().int() });

export const CartProductViewSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nome: z.string(),
  codigo: z.string(),
  imagens: z.array(z.object({ url: z.string() })),
  qtde_disponivel: z.number(),
  tem_estoque: z.boolean(),
  mostrar_preco: z.boolean(),
});

export const CartItemViewSchema = z.object({
  id: z.number().int(),
  produto_id: z.number().int(),
  armazem_id: z.number().int(),
  qtde: z.number().int(),
  ativo: z.boolean(),
  /** Unit price in the cart currency, major units (e.g. 89.9 USD, 656270 PYG), set by the server. */
  valor_unitario: z.number(),
  valor_subtotal: z.number(),
  token: z.string(),
  produto: CartProductViewSchema,
});

/** The cart as POST/PUT/GET /ecom/venda/carrinho answer it. */
export const CartViewSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  filial_id: z.number().int(),
  moeda_id: z.number().int(),
  moeda: MoneyRefSchema,
  cliente_endereco_id: z.number().int().nullable(),
  itens: z.array(CartItemViewSchema),
  /** Sum of the active lines. */
  valor_total: z.number(),
  /** Counted up by every change of the lines: send it back with the next whole-cart PUT. */
  versao: z.number().int(),
});
