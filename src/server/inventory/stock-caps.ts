import { getMaxQuantity } from '#lib/contract/cart.ts';
import type { ProductForSale } from './repository.ts';

/**
 * THE rule of a line's quantity (storefront spec section 5), applied here only: a cart line holds
 * at most min(99, available stock) of a product sold at a shown price (getMaxQuantity, the number
 * the islands' steppers show too), and nothing of a product that is gone, priced on request
 * (sold through the chat, DECISIONS.md) or out of stock. The cart's changes, its no-JS add, the
 * merge of carts on signing in and an order put back in the cart all ask these functions.
 */

type Saleable = Pick<ProductForSale, 'stock' | 'show_price'>;

/** The most a line of `product` may hold; 0 when it cannot be sold at all. */
export function getLineCap(product: Saleable | undefined): number {
  return product?.show_price ? getMaxQuantity(product.stock) : 0;
}

/** Why a line cannot hold what was asked: the message the shopper reads (cart catalogue keys). */
export type LineRefusal =
  { reason: 'productNotFound' | 'priceOnRequest' | 'noStock' } | { reason: 'stockRequestedExceeds'; quantity: number; cap: number };

/** Whether a line may hold `quantity` of `product`: null when it may, else why not. */
export function checkLineQuantity(product: Saleable | undefined, quantity: number): LineRefusal | null {
  if (!product) return { reason: 'productNotFound' };
  if (!product.show_price) return { reason: 'priceOnRequest' };
  const cap = getLineCap(product);
  if (cap === 0) return { reason: 'noStock' };
  return quantity > cap ? { reason: 'stockRequestedExceeds', quantity, cap } : null;
}

/**
 * `adding` units put into a line that holds `held`: the quantity the line ends with, within the
 * cap, and whether the cap took some away. A line already at its cap (or a product that cannot
 * be sold) ends as it was.
 */
export function capAddition(
  held: number,
  adding: number,
  product: Saleable | undefined,
): { quantity: number; cap: number; capped: boolean } {
  const cap = getLineCap(product);
  const wanted = held + adding;
  return { quantity: Math.max(held, Math.min(wanted, cap)), cap, capped: wanted > cap };
}
