import type { Queryable } from '../db/client.ts';
import { getDeliveryNames } from './repository.ts';
import { getDeliveryDays, verifyDeliveryToken } from '../shipping/index.ts';

/** What checkout needs of a verified delivery option (signed by src/server/shipping). */
export interface DeliveryQuote {
  cartExternalId: string;
  type: 'delivery' | 'pickup' | 'pickup_point';
  serviceId: number | null;
  pickupPointId: number | null;
  /** The city the option was quoted for (its rate decides the delivery days). */
  cityId: number | null;
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
    cityId: claims.cityId,
    priceMinor: claims.valueMinor,
    currencyId: claims.currencyId,
    description: '',
    days: null,
  };
}

/** The chosen option as the order keeps it: later rate-table changes do not rewrite an order. */
export interface DeliverySnapshot {
  description: string;
  serviceNamePt: string | null;
  serviceNameEs: string | null;
  pointName: string | null;
  pointAddress: string | null;
  days: number | null;
}

/**
 * Reads the service (and pickup point) names in both languages and the delivery days as the
 * rate table has them at checkout: a point's own days, a delivery service's rate for the quoted
 * city (the shipping calculator's own lookup, city rate before department rate), store pickup 0.
 */
export async function getDeliverySnapshot(db: Queryable, quote: DeliveryQuote, locale: string): Promise<DeliverySnapshot> {
  const none = { serviceNamePt: null, serviceNameEs: null, pointName: null, pointAddress: null };
  if (quote.serviceId === null && quote.pickupPointId === null) return { ...none, description: quote.description, days: quote.days ?? 0 };
  const row = await getDeliveryNames(
    db,
    quote.pickupPointId !== null ? { pickupPointId: quote.pickupPointId } : { serviceId: quote.serviceId, cityId: quote.cityId },
  );
  if (!row) return { ...none, description: quote.description, days: quote.days };
  let days = row.days ?? quote.days;
  if (quote.serviceId !== null && quote.pickupPointId === null && quote.cityId !== null && row.state_id !== null) {
    days = (await getDeliveryDays(db, quote.serviceId, quote.cityId, row.state_id)) ?? days;
  }
  const service = locale.startsWith('es') ? row.name_es : row.name_pt;
  const description =
    quote.description || (row.point_name !== null ? `${service} — ${row.point_name}, ${row.point_address ?? ''}` : service);
  return {
    description,
    serviceNamePt: row.name_pt,
    serviceNameEs: row.name_es,
    pointName: row.point_name,
    pointAddress: row.point_address,
    days,
  };
}
