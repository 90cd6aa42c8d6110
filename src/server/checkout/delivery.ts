import { verifyDeliveryToken } from '../shipping/index.ts';

/** What checkout needs of a verified delivery option (signed by src/server/shipping). */
export interface DeliveryQuote {
  cartExternalId: string;
  type: 'delivery' | 'pickup' | 'pickup_point';
  serviceId: number | null;
  pickupPointId: number | null;
  priceMinor: number;
  currencyId: number;
  description: string;
  days: number | null;
}

/** The shipping engineer's token check, read as a quote: null when forged, expired or for another cart. */
export function verifyDelivery(token: string, cartExternalId: string, now: Date): DeliveryQuote | null {
  const result = verifyDeliveryToken(token, cartExternalId, now);
  if (!result.ok) return null;
  const { claims } = result;
  return {
    cartExternalId: claims.cart,
    type: claims.pickupPointId !== null ? 'pickup_point' : claims.serviceId === null ? 'pickup' : 'delivery',
    serviceId: claims.serviceId,
    pickupPointId: claims.pickupPointId,
    priceMinor: claims.valueMinor,
    currencyId: claims.currencyId,
    description: '',
    days: null,
  };
}
