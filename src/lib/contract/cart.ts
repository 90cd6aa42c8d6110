/**
 * The cart contract of storefront spec sections 3 and 7, shared by the server and the islands.
 * Types only plus small pure rules: islands must not pull zod's full build through this file.
 */
export const MAX_ITEM_QUANTITY = 99;
export const FILIAL_ID = 1;
export const ARMAZEM_ID = 1;
/** At least 128 bits: 22+ base64url characters (the column allows up to 128). */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

export interface CartProductView {
  id: number;
  slug: string;
  nome: string;
  codigo: string;
  imagens: Array<{ url: string }>;
  qtde_disponivel: number;
  tem_estoque: boolean;
  mostrar_preco: boolean;
}

export interface CartItemView {
  id: number;
  produto_id: number;
  armazem_id: number;
  qtde: number;
  ativo: boolean;
  /** Unit price in the cart currency, major units (e.g. 89.9 USD, 656270 PYG), set by the server. */
  valor_unitario: number;
  valor_subtotal: number;
  token: string;
  produto: CartProductView;
}

export interface CartView {
  id: number;
  external_id: string;
  filial_id: number;
  moeda_id: number;
  moeda: { id: number; simbolo: string; casas_decimais: number };
  cliente_endereco_id: number | null;
  itens: CartItemView[];
  /** Sum of the active lines. */
  valor_total: number;
}

/**
 * THE quantity cap: the highest quantity a line may hold, min(99, stock), never negative. Without
 * a stock it is the cap alone (99), for inputs that are checked against stock later.
 */
export function getMaxQuantity(stock = Number.POSITIVE_INFINITY): number {
  return Math.max(0, Math.min(MAX_ITEM_QUANTITY, Math.floor(stock)));
}

/** A fresh unguessable external id: 24 random bytes, 32 base64url characters. */
export function createExternalId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
