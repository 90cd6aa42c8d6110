import { z } from 'zod';
import { boundedText, nullishIdSchema } from './input.ts';
import { MAX_INSTALLMENTS, PAYMENT_METHODS } from './orders.ts';

/**
 * Body of POST /ecom/venda/carrinho/{external_id}/iniciar-checkout (spec section 7): the server
 * parses with it and the service takes its type. Full zod: no island imports this file.
 */
export const StartCheckoutSchema = z.object({
  token_entrega: boundedText(2000).pipe(z.string().min(10)),
  valor_frete: z.coerce.number().min(0),
  cliente_endereco_id: nullishIdSchema,
  entrega_servico_id: nullishIdSchema,
  id_ponto_entrega: nullishIdSchema,
  cidade_alternativa: boundedText(200).nullish(),
  /** Optional extension of the spec's payload: without it the gateway's page lets the shopper choose (decision 0410). */
  forma_pagamento: z.enum(PAYMENT_METHODS).optional(),
  parcelas: z.coerce.number().int().min(1).max(MAX_INSTALLMENTS).default(1),
  /** Extension: the shopper confirmed that this checkout cancels their order still waiting for payment (else 409 with pedido_pendente). */
  cancelar_pedido_pendente: z.boolean().optional(),
});
export type StartCheckoutInput = z.infer<typeof StartCheckoutSchema>;
/** What the checkout island sends (the schema's input side: ids may still be digit strings). */
export type StartCheckoutBody = z.input<typeof StartCheckoutSchema>;

/** POST /ecom/venda/pedidos/{id}/pagar-novamente (issue 35): another method for an unpaid order while its stock is reserved. */
export const PayAgainSchema = z.object({
  forma_pagamento: z.enum(PAYMENT_METHODS),
  parcelas: z.coerce.number().int().min(1).max(MAX_INSTALLMENTS).default(1),
});
export type PayAgainBody = z.input<typeof PayAgainSchema>;

/** The answer of a started checkout: the gateway's payment link, the order number and id. */
export const StartCheckoutAnswerSchema = z.object({
  link_pagamento: z.array(z.string()),
  pedido: z.number().int(),
  external_id: z.string(),
});
export type StartCheckoutAnswer = z.infer<typeof StartCheckoutAnswerSchema>;
