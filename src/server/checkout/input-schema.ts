import { z } from 'zod';
import { MAX_INSTALLMENTS, PAYMENT_METHODS, type StartCheckoutInput } from '../../lib/contract/orders.ts';
import { boundedText, nullishIdSchema } from '../../lib/contract/input.ts';

/** Body of POST /ecom/venda/carrinho/{external_id}/iniciar-checkout (spec section 7). */
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
});


type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when the schema and the contract type drift apart. */
export const schemaMatchesContract: Same<z.infer<typeof StartCheckoutSchema>, StartCheckoutInput> = true;
