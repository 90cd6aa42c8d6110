/**
 * The product fields a card shows: a subset of the public contract's Product (spec section 3),
 * so any product answer of the catalogue service can be passed as is.
 */
export interface CardProduct {
  id: number;
  slug: string | null;
  nome: string;
  codigo: string;
  valor_venda: number;
  preco_atual: { valor_venda: number; formatado: string; moeda_id: number };
  imagens: ReadonlyArray<{ url: string }>;
  qtde_disponivel: number;
  tem_estoque: boolean;
  mostrar_preco: boolean;
}

/** Product detail address: the slug, or the id when the product has none (spec section 2). */
export function getProductPath(product: Pick<CardProduct, 'id' | 'slug'>): string {
  return `/produto/${encodeURIComponent(product.slug || String(product.id))}`;
}

export function isInStock(product: Pick<CardProduct, 'tem_estoque' | 'qtde_disponivel'>): boolean {
  return product.tem_estoque && product.qtde_disponivel > 0;
}
