import type { AccountAddress } from '#lib/contract/accounts.ts';
import type { CartItemView } from '#lib/contract/cart.ts';
import type { DeliveryOption as ContractOption, PickupPointView } from '#lib/contract/shipping.ts';

/**
 * The checkout island's view of the shop contract (storefront and accounts spec section 7),
 * derived from the contract's own types: the fields it reads, with the ones older answers may
 * lack left optional. Requests go through lib/api-client.ts.
 */
export type CheckoutCartItem = Pick<CartItemView, 'produto_id' | 'qtde' | 'ativo' | 'valor_unitario'> & {
  produto: Pick<CartItemView['produto'], 'nome' | 'codigo' | 'slug' | 'imagens' | 'qtde_disponivel'>;
};

export type PickupPoint = Pick<PickupPointView, 'id' | 'nome' | 'endereco' | 'estado' | 'cidade' | 'cidade_id'> &
  Partial<Pick<PickupPointView, 'horario_atendimento' | 'token_servico' | 'valor' | 'prazo' | 'entrega_servico_id'>>;

export type DeliveryOption = Pick<ContractOption, 'entrega_servico_id' | 'descricao' | 'valor' | 'token'> &
  Partial<Pick<ContractOption, 'tipo' | 'moeda'>> & { prazo: number | null; opcionais?: { pontos_entrega?: PickupPoint[] } };

export type Address = Pick<
  AccountAddress,
  'id' | 'nome' | 'logradouro' | 'numero' | 'bairro' | 'cidade' | 'estado' | 'principal' | 'ativo'
>;
