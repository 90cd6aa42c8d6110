/**
 * The checkout island's view of the shop contract (storefront and accounts spec section 7):
 * the types of its answers; requests go through lib/api-client.ts.
 */
export interface CheckoutCartItem {
  produto_id: number;
  qtde: number;
  ativo: boolean;
  valor_unitario: number;
  produto: { nome: string; codigo: string; slug: string; imagens: Array<{ url: string }>; qtde_disponivel: number };
}
export interface PickupPoint {
  id: number;
  nome: string;
  endereco: string;
  estado: string;
  cidade: string;
  cidade_id: number;
  horario_atendimento?: string;
  /** The point's own signed delivery token, price and service (shipping contract). */
  token_servico?: string | null;
  valor?: number;
  prazo?: number;
  entrega_servico_id?: number | null;
}
export interface DeliveryOption {
  tipo?: 'delivery' | 'pickup' | 'pickup_point';
  entrega_servico_id: number | null;
  descricao: string;
  prazo: number | null;
  valor: number;
  moeda?: unknown;
  /** Null on a pickup-point group: each point carries its own token. */
  token: string | null;
  opcionais?: { pontos_entrega?: PickupPoint[] };
}
export interface Address { id: number; nome: string; logradouro: string; numero: string; bairro: string; cidade: string; estado: string; principal: boolean; ativo: boolean }
