import { createHmac, timingSafeEqual } from 'node:crypto';
import { getServerSecret } from '../payments/secret.ts';

/** What a signed delivery option binds: cart, option, price, currency and expiry. */
export interface DeliveryQuote {
  cartExternalId: string;
  type: 'delivery' | 'pickup' | 'pickup_point';
  serviceId: number | null;
  pickupPointId: number | null;
  priceMinor: number;
  currencyId: number;
  description: string;
  days: number | null;
  expiresAt: number;
}

function getSecret(): string {
  return getServerSecret('SHIPPING_TOKEN_SECRET', 'shipping-token-secret');
}

function sign(payload: string): string {
  return createHmac('sha256', getSecret()).update(payload).digest('base64url');
}

/**
 * Stand-in for the shipping engineer's signer until src/server/shipping lands: the same idea
 * (HMAC over the quote), used by checkout through `verifyDeliveryToken` only.
 */
export function signDeliveryToken(quote: DeliveryQuote): string {
  const payload = Buffer.from(JSON.stringify(quote)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

export function verifyDeliveryToken(token: string, now: Date): DeliveryQuote | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const quote = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DeliveryQuote;
    return quote.expiresAt > now.getTime() ? quote : null;
  } catch {
    return null;
  }
}
