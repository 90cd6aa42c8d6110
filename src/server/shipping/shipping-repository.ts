import type { CartRow } from '../cart/repository.ts';
import type { Queryable } from '../db/client.ts';

export interface ShippingCartRow extends CartRow {
  shipping_city_id: number | null;
  /** Whether any line is active: there is nothing to ship otherwise. */
  has_items: boolean;
}

/** The cart a quote is for, with what quoting needs to know of its lines, in one round trip. */
export async function getShippingCart(db: Queryable, externalId: string): Promise<ShippingCartRow | null> {
  const { rows } = await db.query<ShippingCartRow>(
    `SELECT c.id, c.external_id, c.customer_id, c.branch_id, c.currency_id, c.customer_address_id, c.shipping_city_id,
            EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = c.id AND i.active) AS has_items
       FROM carts c WHERE c.external_id = $1`,
    [externalId],
  );
  return rows[0] ?? null;
}

/** Remembers the city last quoted for the cart. */
export async function setShippingCity(db: Queryable, cartId: number, cityId: number): Promise<void> {
  await db.query('UPDATE carts SET shipping_city_id = $2 WHERE id = $1', [cartId, cityId]);
}

export interface RateRow {
  service_id: number;
  integrator_id: number;
  name: string;
  price_minor: number;
  currency_id: number;
  days: number;
}

export interface PickupPointRow {
  id: number;
  service_id: number;
  integrator_id: number;
  service_name: string;
  name: string;
  address: string;
  city_id: number;
  city_name: string;
  state_id: number;
  state_name: string;
  hours: string;
  price_minor: number;
  currency_id: number;
  days: number;
}

/** Delivery services reaching a city: its own rate, else its department's. */
export async function getDeliveryRates(db: Queryable, cityId: number, stateId: number, lang: 'pt' | 'es'): Promise<RateRow[]> {
  const { rows } = await db.query<RateRow>(
    `SELECT DISTINCT ON (s.id) s.id AS service_id, s.integrator_id, ${lang === 'es' ? 's.name_es' : 's.name_pt'} AS name,
            r.price_minor, r.currency_id, r.days
       FROM delivery_rates r JOIN delivery_services s ON s.id = r.service_id
      WHERE s.active AND s.kind = 'delivery' AND (r.city_id = $1 OR r.state_id = $2)
      ORDER BY s.id, (r.city_id IS NULL)`,
    [cityId, stateId],
  );
  return rows;
}

export async function getPickupPoints(db: Queryable, lang: 'pt' | 'es', filter: { cityId?: number; pointId?: number } = {}): Promise<PickupPointRow[]> {
  const { rows } = await db.query<PickupPointRow>(
    `SELECT p.id, p.service_id, s.integrator_id, ${lang === 'es' ? 's.name_es' : 's.name_pt'} AS service_name,
            p.name, p.address, p.city_id, c.name AS city_name, st.id AS state_id, st.name AS state_name,
            ${lang === 'es' ? 'p.hours_es' : 'p.hours_pt'} AS hours, p.price_minor, p.currency_id, p.days
       FROM pickup_points p
       JOIN delivery_services s ON s.id = p.service_id AND s.active
       JOIN cities c ON c.id = p.city_id JOIN states st ON st.id = c.state_id
      WHERE p.active AND ($1::int IS NULL OR p.city_id = $1) AND ($2::int IS NULL OR p.id = $2)
      ORDER BY st.name, c.name, p.name`,
    [filter.cityId ?? null, filter.pointId ?? null],
  );
  return rows;
}

export interface DeliverySummaryRow {
  min_price_minor: string | null;
  min_days: number | null;
  max_days: number | null;
}

/** Cheapest home delivery in guaraníes and the range of its days, over every active service. */
export async function getDeliverySummary(db: Queryable): Promise<DeliverySummaryRow> {
  const { rows } = await db.query<DeliverySummaryRow>(
    `SELECT min(r.price_minor) AS min_price_minor, min(r.days)::int AS min_days, max(r.days)::int AS max_days
       FROM delivery_rates r JOIN delivery_services s ON s.id = r.service_id
      WHERE s.active AND s.kind = 'delivery' AND r.currency_id = 3`,
  );
  return rows[0] ?? { min_price_minor: null, min_days: null, max_days: null };
}
