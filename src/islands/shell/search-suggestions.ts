/** Rules of the header search (storefront spec sections 4, 5 and 9). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_BLUR_HIDE_MS = 200;
export const SEARCH_FETCHED = 5;
export const SEARCH_SHOWN = 4;

export interface Suggestion {
  id: number;
  slug: string;
  nome: string;
  codigo: string;
  imagens: Array<{ url: string }>;
  mostrar_preco: boolean;
  preco_atual: { formatado: string };
}

export function getSuggestionsUrl(text: string, lang: 'pt' | 'es', currencyId: number): string {
  const query = new URLSearchParams({
    text: text.trim(),
    per_page: String(SEARCH_FETCHED),
    all_products: '1',
    lang,
    moeda_id: String(currencyId),
  });
  return `/api/public/products?${query.toString()}`;
}

export function toSuggestions(body: unknown): Suggestion[] {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Suggestion[]).slice(0, SEARCH_SHOWN) : [];
}

export function getSuggestionPath(item: Pick<Suggestion, 'id' | 'slug'>): string {
  return `/produto/${encodeURIComponent(item.slug || String(item.id))}`;
}
