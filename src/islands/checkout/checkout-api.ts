/**
 * The checkout island's view of the shop contract (storefront and accounts spec section 7):
 * cart, shipping options, addresses and the checkout start. Same origin; the session cookie
 * goes along, page scripts never hold the token.
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
export interface Answer<T> { status: number; body: T | null; message: string | null; errors: Record<string, string[]> | null }

export async function call<T>(method: string, path: string, data?: unknown): Promise<Answer<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (data !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(data);
  }
  try {
    const response = await fetch(path, init);
    const text = await response.text();
    let parsed: unknown = null;
    try { parsed = text ? JSON.parse(text) : null; } catch { parsed = null; }
    if (response.ok) return { status: response.status, body: parsed as T, message: null, errors: null };
    const error = (parsed ?? {}) as { message?: string; errors?: Record<string, string[]> };
    return { status: response.status, body: null, message: error.message ?? null, errors: error.errors ?? null };
  } catch {
    return { status: 0, body: null, message: null, errors: null };
  }
}
