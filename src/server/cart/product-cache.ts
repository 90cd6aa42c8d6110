import type { ProductStockRow } from './repository.ts';

/**
 * The products recent cart changes named, per language, kept a few seconds (decision 0207): a
 * change whose products are all here is checked against them and written in one round trip by
 * cart_replace_lines_if_current, which refuses (409) when stock, price or currency moved since.
 * Names, pictures and the show-price flag in a cart's answer may be this old (a price hidden
 * within those seconds may still reach a cart: checkout refuses it, re-reading the product).
 */
const FRESH_MS = 5_000;
const MAX_ENTRIES = 5_000;
const entries = new Map<string, { at: number; product: ProductStockRow }>();

const keyOf = (lang: string, productId: number) => `${lang}:${productId}`;

export function rememberProducts(products: Map<number, ProductStockRow>, lang: string, now = Date.now()): void {
  if (entries.size + products.size > MAX_ENTRIES) entries.clear();
  for (const product of products.values()) entries.set(keyOf(lang, product.id), { at: now, product });
}

/** Every one of `productIds` as recently read, or null when any is missing or too old. */
export function getRecentProducts(productIds: number[], lang: string, now = Date.now()): Map<number, ProductStockRow> | null {
  const products = new Map<number, ProductStockRow>();
  for (const id of productIds) {
    const entry = entries.get(keyOf(lang, id));
    if (!entry || now - entry.at > FRESH_MS) return null;
    products.set(id, entry.product);
  }
  return products;
}
