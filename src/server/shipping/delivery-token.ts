import { getConfig } from '../config.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getShippingTokenSecret } from '../secrets/index.ts';

/** What a delivery token vouches for: this cart, this option, this price, until `expiresAt`. */
export interface DeliveryTokenClaims {
  /** Cart external id. */
  cart: string;
  /** entrega_servico_id; null for store pickup. */
  serviceId: number | null;
  integratorId: number | null;
  /** id_ponto_entrega when the option is a pickup point. */
  pickupPointId: number | null;
  cityId: number | null;
  /** Price in minor units of `currencyId`. */
  valueMinor: number;
  currencyId: number;
  /** Unix seconds. */
  expiresAt: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function getDeliveryTokenTtl(): number {
  return getConfig().SHIPPING_TOKEN_TTL_S;
}

/** `base64url(json).base64url(hmac)`, HMAC-SHA256 with the server's shipping secret. */
export function createDeliveryToken(claims: DeliveryTokenClaims, secret = getShippingTokenSecret()): string {
  const payload = Buffer.from(
    JSON.stringify([
      claims.cart,
      claims.serviceId,
      claims.integratorId,
      claims.pickupPointId,
      claims.cityId,
      claims.valueMinor,
      claims.currencyId,
      claims.expiresAt,
    ]),
  ).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export type VerifyResult =
  { ok: true; claims: DeliveryTokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'cart' };

/**
 * Checks a delivery token for checkout: signature, expiry (against `now`) and that it was issued
 * for `cartExternalId`. The caller then compares serviceId/pickupPointId/value with what the
 * shopper sent (entrega_servico_id, id_ponto_entrega, valor_frete) and charges `valueMinor`.
 */
export function verifyDeliveryToken(
  token: unknown,
  cartExternalId: string,
  now: Date = new Date(),
  secret = getShippingTokenSecret(),
): VerifyResult {
  if (typeof token !== 'string' || token.length > 2000) return { ok: false, reason: 'malformed' };
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!Array.isArray(fields) || fields.length !== 8) return { ok: false, reason: 'malformed' };
  const [cart, serviceId, integratorId, pickupPointId, cityId, valueMinor, currencyId, expiresAt] = fields as [
    string,
    number | null,
    number | null,
    number | null,
    number | null,
    number,
    number,
    number,
  ];
  const claims: DeliveryTokenClaims = { cart, serviceId, integratorId, pickupPointId, cityId, valueMinor, currencyId, expiresAt };
  if (expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  if (cart !== cartExternalId) return { ok: false, reason: 'cart' };
  return { ok: true, claims };
}
