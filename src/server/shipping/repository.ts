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

/** Sets the cart's delivery address when it is the customer's own active one; its city, else null. */
export async function setCartAddress(db: Queryable, cartId: number, customerId: number, addressId: number): Promise<number | null> {
  const { rows } = await db.query<{ city_id: number | null }>(
    'UPDATE carts SET customer_address_id = $3 FROM customer_addresses a WHERE carts.id = $1 AND a.id = $3 AND a.customer_id = $2 AND a.active RETURNING a.city_id',
    [cartId, customerId, addressId],
  );
  return rows[0]?.city_id ?? null;
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

export async function getPickupPoints(
  db: Queryable,
  lang: 'pt' | 'es',
  filter: { cityId?: number; pointId?: number } = {},
): Promise<PickupPointRow[]> {
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

// The panel's shipping settings (issue 20). Rows carry `version` (xmin): a form sent with an old
// one is refused rather than applied over someone else's change.

export interface RateSettingRow {
  id: number;
  service_id: number;
  service_name: string;
  state_id: number | null;
  city_id: number | null;
  place: string;
  price_minor: string;
  days: number;
  version: string;
}

export interface PickupPointSettingRow {
  id: number;
  service_id: number;
  name: string;
  address: string;
  city_id: number;
  city_name: string;
  hours_pt: string;
  hours_es: string;
  price_minor: string;
  days: number;
  active: boolean;
  version: string;
}

export interface ServiceRow {
  id: number;
  kind: 'delivery' | 'pickup_point';
  name: string;
}

export async function listServices(db: Queryable, lang: 'pt' | 'es'): Promise<ServiceRow[]> {
  return (await db.query<ServiceRow>(`SELECT id, kind, name_${lang} AS name FROM delivery_services WHERE active ORDER BY id`)).rows;
}

export async function listRateSettings(
  db: Queryable,
  lang: 'pt' | 'es',
  filter: { id?: number; lock?: boolean } = {},
): Promise<RateSettingRow[]> {
  const { rows } = await db.query<RateSettingRow>(
    `SELECT r.id, r.service_id, s.name_${lang} AS service_name, r.state_id, r.city_id,
            COALESCE(c.name || ' (' || cs.name || ')', st.name) AS place, r.price_minor, r.days, r.xmin::text AS version
       FROM delivery_rates r JOIN delivery_services s ON s.id = r.service_id
       LEFT JOIN states st ON st.id = r.state_id LEFT JOIN cities c ON c.id = r.city_id LEFT JOIN states cs ON cs.id = c.state_id
      WHERE $1::int IS NULL OR r.id = $1
      ORDER BY r.service_id, COALESCE(st.name, cs.name), r.city_id NULLS FIRST, c.name${filter.lock ? ' FOR UPDATE OF r' : ''}`,
    [filter.id ?? null],
  );
  return rows;
}

export async function updateRateSetting(tx: Queryable, id: number, priceMinor: number, days: number): Promise<void> {
  await tx.query('UPDATE delivery_rates SET price_minor = $2, days = $3 WHERE id = $1', [id, priceMinor, days]);
}

/** A new rate, or null when the service already has one for that department or city. */
export async function insertRateSetting(
  tx: Queryable,
  rate: { serviceId: number; stateId: number | null; cityId: number | null; priceMinor: number; days: number },
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO delivery_rates (service_id, state_id, city_id, price_minor, currency_id, days) VALUES ($1, $2, $3, $4, 3, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [rate.serviceId, rate.stateId, rate.cityId, rate.priceMinor, rate.days],
  );
  return rows[0]?.id ?? null;
}

export async function listPickupPointSettings(
  db: Queryable,
  filter: { id?: number; lock?: boolean } = {},
): Promise<PickupPointSettingRow[]> {
  const { rows } = await db.query<PickupPointSettingRow>(
    `SELECT p.id, p.service_id, p.name, p.address, p.city_id, c.name AS city_name, p.hours_pt, p.hours_es,
            p.price_minor, p.days, p.active, p.xmin::text AS version
       FROM pickup_points p JOIN cities c ON c.id = p.city_id
      WHERE $1::int IS NULL OR p.id = $1 ORDER BY p.name, p.id${filter.lock ? ' FOR UPDATE OF p' : ''}`,
    [filter.id ?? null],
  );
  return rows;
}

export interface PickupPointChange {
  name: string;
  address: string;
  cityId: number;
  hoursPt: string;
  hoursEs: string;
  priceMinor: number;
  days: number;
  active: boolean;
}

export async function deleteRateSetting(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM delivery_rates WHERE id = $1', [id]);
}

/** How many orders chose this pickup point (they name it to the shopper and the counter). */
export async function countOrdersOfPickupPoint(tx: Queryable, id: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE pickup_point_id = $1', [id]);
  return rows[0]?.n ?? 0;
}

export async function deletePickupPoint(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM pickup_points WHERE id = $1', [id]);
}

export async function savePickupPoint(tx: Queryable, id: number | null, change: PickupPointChange): Promise<number> {
  const values = [
    change.name,
    change.address,
    change.cityId,
    change.hoursPt,
    change.hoursEs,
    change.priceMinor,
    change.days,
    change.active,
  ];
  if (id !== null) {
    await tx.query(
      `UPDATE pickup_points SET name = $2, address = $3, city_id = $4, hours_pt = $5, hours_es = $6, price_minor = $7, days = $8, active = $9
        WHERE id = $1`,
      [id, ...values],
    );
    return id;
  }
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO pickup_points (service_id, name, address, city_id, hours_pt, hours_es, price_minor, currency_id, days, active)
     VALUES ((SELECT id FROM delivery_services WHERE kind = 'pickup_point' AND active ORDER BY id LIMIT 1), $1, $2, $3, $4, $5, $6, 3, $7, $8)
     RETURNING id`,
    values,
  );
  return rows[0]!.id;
}

/** Whether a Paraguayan department (state of country 2) has this id: a rate for a whole department needs one. */
export async function isParaguayanState(db: Queryable, stateId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM states WHERE id = $1::int AND country_id = 2', [stateId]);
  return rowCount === 1;
}

/** A Paraguayan city (country 2) by id, or null: rates and pickup points exist only there. */
export async function getParaguayanCity(db: Queryable, cityId: number): Promise<{ id: number; state_id: number } | null> {
  const { rows } = await db.query<{ id: number; state_id: number }>(
    'SELECT c.id, c.state_id FROM cities c JOIN states s ON s.id = c.state_id WHERE c.id = $1 AND s.country_id = 2',
    [cityId],
  );
  return rows[0] ?? null;
}
