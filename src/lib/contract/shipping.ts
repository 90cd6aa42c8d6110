/** Shipping contract (storefront spec section 7, accounts spec section 3): options and pickup points. */

/** A department or district as the shipping calculator's selects list it. */
export interface PlaceOption {
  id: number;
  name: string;
}
export interface PickupPointView {
  id: number;
  ponto_entrega: number;
  nome: string;
  endereco: string;
  estado: string;
  estado_id: number;
  cidade: string;
  cidade_id: number;
  horario_atendimento: string;
  entrega_servico_id: number;
  valor: number;
  prazo: number;
  /** Signed delivery token for choosing this point (send it as token_entrega). */
  token_servico: string | null;
}

export interface DeliveryOption {
  tipo: 'delivery' | 'pickup' | 'pickup_point';
  /** null: store pickup. */
  entrega_servico_id: number | null;
  entrega_integrador_id: number | null;
  descricao: string;
  /** Days. */
  prazo: number;
  /** In the cart currency, major units; 0 is free. */
  valor: number;
  moeda: { id: number; simbolo: string; casas_decimais: number };
  cidade_id: number | null;
  /** Signed delivery token (null on estimates and on the pickup-point group: use a point's token_servico). */
  token: string | null;
  opcionais: { pontos_entrega: PickupPointView[] };
}

/** A stable key of an option, to reselect the saved one after a new calculation. */
export function getOptionKey(option: Pick<DeliveryOption, 'tipo' | 'entrega_servico_id'>): string {
  return `${option.tipo}:${option.entrega_servico_id ?? 'store'}`;
}
