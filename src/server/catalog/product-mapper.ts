import type { ApiLang, Product, ProductCard } from '#lib/contract/catalog.ts';
import type { CurrencyId } from '#lib/locale.ts';
import { convertMinor, CURRENCIES, formatPrice, isCurrencyId, toMajor, type RateLike } from '#lib/money.ts';
import { stockColumnSql } from '../inventory/index.ts';

/** The columns every product query selects (see PRODUCT_COLUMNS), in the request's language. */
export interface ProductRow {
  id: number;
  slug: string;
  code: string;
  name: string;
  summary: string;
  price_minor: number;
  currency_id: number;
  stock: number;
  physical_stock: boolean;
  show_price: boolean;
  images: { url: string }[];
  token: string;
  brand_id: number;
  brand_name: string;
  brand_slug: string;
  category_id: number;
  category_name: string;
  category_slug: string;
  department_id: number | null;
  department_name: string | null;
  department_slug: string | null;
}

export interface ProductDetailRow extends ProductRow {
  description: string;
  specs: { nome: string; valor: string | null }[] | null;
}

/** SELECT list for ProductRow; `lang` is 'pt' or 'es' (validated), p/b/c/d the usual aliases. */
export function getProductColumns(lang: ApiLang): string {
  return `p.id, p.slug, p.code, p.name_${lang} AS name, p.summary_${lang} AS summary, p.price_minor, p.currency_id,
    ${stockColumnSql('p')} AS stock, p.physical_stock, p.show_price, p.images, p.token,
    b.id AS brand_id, b.name AS brand_name, b.slug AS brand_slug,
    c.id AS category_id, c.name_${lang} AS category_name, c.slug AS category_slug,
    d.id AS department_id, d.name_${lang} AS department_name, d.slug AS department_slug`;
}

export const PRODUCT_JOINS = `JOIN brands b ON b.id = p.brand_id
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN departments d ON d.id = p.department_id`;

export function toProductCard(row: ProductRow, rates: readonly RateLike[], requestedCurrency?: CurrencyId): ProductCard {
  const currency = isCurrencyId(row.currency_id) ? row.currency_id : 2;
  const info = CURRENCIES[currency];
  // A requested currency without a rate yet: the price in the product's own currency, never 0.
  const converted = requestedCurrency === undefined ? null : convertMinor(row.price_minor, currency, requestedCurrency, rates);
  const [target, targetMinor] =
    converted === null || requestedCurrency === undefined ? [currency, row.price_minor] : [requestedCurrency, converted];
  return {
    id: row.id,
    slug: row.slug,
    nome: row.name,
    codigo: row.code,
    code: row.code,
    valor_venda: toMajor(row.price_minor, CURRENCIES[currency].decimals),
    preco_atual: {
      valor_venda: toMajor(targetMinor, CURRENCIES[target].decimals),
      formatado: formatPrice(targetMinor, target),
      moeda_id: target,
    },
    moeda: { id: currency, simbolo: info.symbol, decimals: info.decimals },
    imagens: Array.isArray(row.images) ? row.images.map((image) => ({ url: String(image.url) })) : [],
    qtde_disponivel: row.stock,
    tem_estoque: row.stock > 0,
    tem_estoque_fisico: row.physical_stock,
    mostrar_preco: row.show_price,
    descritivo: row.summary,
    marca: { id: row.brand_id, nome: row.brand_name, slug: row.brand_slug },
    categoria: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    departamento:
      row.department_id === null ? null : { id: row.department_id, name: row.department_name ?? '', slug: row.department_slug ?? '' },
    token: row.token,
  };
}

export function toProduct(row: ProductDetailRow, rates: readonly RateLike[], requestedCurrency?: CurrencyId): Product {
  return {
    ...toProductCard(row, rates, requestedCurrency),
    caracteristica: row.description,
    especificacoes: (row.specs ?? []).map((spec) => ({ nome: spec.nome, valor: spec.valor })),
  };
}
