import { z } from 'zod';
import { MoneyRefSchema } from './cart-schema.ts';

/**
 * The orders' answer schemas (spec section 3, Order): orders.ts infers its types from them and
 * the API tests parse answers with them. Full zod: islands reach them through `import type` only.
 */
export const OrderPaymentViewSchema = z.object({
  status: z.string(),
  valor_total: z.number(),
  forma_pagamento: z.string(),
  parcelas: z.number().int(),
});

export const OrderItemViewSchema = z.object({
  produto: z.object({ id: z.number().int(), nome: z.string(), codigo: z.string(), slug: z.string(), imagem: z.string().nullable() }),
  qtde: z.number().int(),
  valor_unitario: z.number(),
  valor_subtotal: z.number(),
  /** Units of this line the store refunded (money returned; decision 1140); 0 when none. */
  qtde_devolvida: z.number().int(),
});

/** An order as GET /ecom/venda/pedidos{,/external_id} answers it (spec section 3, Order). */
export const OrderViewSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  pedido: z.number().int(),
  created_at: z.string(),
  valor_total: z.number(),
  valor_produtos: z.number(),
  valor_frete: z.number(),
  moeda_id: z.number().int(),
  moeda: MoneyRefSchema,
  status: z.string(),
  tipo_entrega: z.enum(['delivery', 'pickup', 'pickup_point']),
  entrega_descricao: z.string(),
  /** The delivery option as chosen at checkout, in the request's language (frozen on the order). */
  entrega_servico: z.string().nullable(),
  ponto_entrega: z.object({ nome: z.string(), endereco: z.string() }).nullable(),
  /** Delivery days (prazo) of the option at checkout; 0 for store pickup, null when unknown. */
  prazo_entrega: z.number().int().nullable(),
  codigo_retirada: z.string().nullable(),
  link_pagamento: z.string().nullable(),
  pagamentos: z.array(OrderPaymentViewSchema),
  itens: z.array(OrderItemViewSchema),
  /** The buyer as the receipt and the counter name them. */
  comprador: z.object({ nome: z.string(), documento_tipo: z.string(), documento: z.string() }),
  /** A home delivery's address as lines (frozen at checkout); null for pickups. */
  endereco_entrega: z.array(z.string()).nullable(),
  /** Until when a paid order waits at the store or the pickup point (paid date + PICKUP_HOLD_DAYS); null otherwise. */
  retirar_ate: z.string().nullable(),
  /** The tracking note typed when the store shipped the order (a code, or a carrier's address); null before. */
  rastreio: z.string().nullable(),
  /** What the store gave back of chosen lines (partial refunds, money returned); 0 when none. */
  valor_devolvido: z.number(),
});

/** GET /ecom/venda/pedidos: the customer's orders. */
export const OrderListSchema = z.object({ data: z.array(OrderViewSchema) });
