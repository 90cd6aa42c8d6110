/**
 * The cart contract of storefront spec sections 3 and 7, shared by the server and the islands.
 * Types only (inferred from the answer schemas of cart-schema.ts) plus small pure rules: islands
 * import this file at run time and must not pull zod's full build through it.
 */
import type { z } from 'zod';
import type { CartItemViewSchema, CartViewSchema } from './cart-schema.ts';

export const MAX_ITEM_QUANTITY = 99;
export const FILIAL_ID = 1;
export const ARMAZEM_ID = 1;
/** At least 128 bits: 22+ base64url characters (the column allows up to 128). */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

export type CartItemView = z.infer<typeof CartItemViewSchema>;
export type CartView = z.infer<typeof CartViewSchema>;

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
