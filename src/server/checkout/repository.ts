import type { Queryable } from '../db/client.ts';
import { toOrderMailJobSql } from '../mail/index.ts';
import type { Payer } from '../payments/provider.ts';

/** Checkout's statements, each doing as much as one round trip can (iniciar-checkout's latency is mostly round trips). */

export interface LockedCart {
  id: number;
  external_id: string;
  customer_id: number | null;
  currency_id: number;
  /** The buyer (null when the customer row is gone). */
  foreign_buyer: 0 | 1 | null;
  document_type: string | null;
  document: string | null;
  /** The buyer as the gateway is told (Pagopar's comprador, Mercado Pago's payer). */
  payer: Payer;
  /** The chosen delivery address as the order keeps it, when it is the buyer's and active. */
  address: Record<string, unknown> | null;
}

/** The buyer `cu` (customers) as the gateway is told: one expression for checkout and paying again. */
const PAYER_COLUMN = `jsonb_build_object('email', cu.email, 'firstName', cu.first_name, 'lastName', cu.last_name, 'phone', cu.phone,
                   'documentType', coalesce(cu.document_type, ''), 'document', coalesce(cu.document, ''),
                   'identity', coalesce(cu.identity, ''), 'companyName', coalesce(cu.company_name, '')) AS payer`;

/**
 * Locks the cart (a double submit waits here) and the buyer (NO KEY UPDATE: checkouts of one
 * customer take turns, so the next one's statements see the order this one made; orders' foreign
 * keys only take KEY SHARE, so nothing else waits), and reads the chosen address with them.
 */
export async function lockCart(
  tx: Queryable,
  externalId: string,
  customerId: number,
  addressId: number | null,
): Promise<LockedCart | undefined> {
  const { rows } = await tx.query<LockedCart>(
    `SELECT c.id, c.external_id, c.customer_id, c.currency_id, cu.foreign_buyer, cu.document_type, cu.document,
            ${PAYER_COLUMN},
            (SELECT jsonb_build_object('id', a.id, 'nome', a.name, 'cep', a.postal_code, 'logradouro', a.street, 'numero', a.number,
                      'bairro', a.district, 'cidade', a.city_name, 'estado', a.state_name, 'pais', a.country_name,
                      'complemento', a.complement, 'como_chegar', a.directions, 'cidade_id', a.city_id, 'estado_id', a.state_id,
                      'pais_id', a.country_id)
               FROM customer_addresses a WHERE a.id = $3 AND a.customer_id = $2 AND a.active) AS address
       FROM carts c
       LEFT JOIN LATERAL (SELECT * FROM customers WHERE id = $2 FOR NO KEY UPDATE) cu ON true
      WHERE c.external_id = $1 FOR UPDATE OF c`,
    [externalId, customerId, addressId],
  );
  return rows[0];
}

export interface NewOrder {
  values: unknown[];
  items: Array<Record<string, unknown>>;
}

/**
 * The order, its lines and its "order received" e-mail job in one statement (a checkout that
 * rolls back later takes the job with it; the inventory reserves its stock in the same
 * transaction). `values` follow ORDER_COLUMNS.
 */
export async function insertOrder(tx: Queryable, order: NewOrder): Promise<{ id: number; external_id: string; number: number }> {
  const { rows } = await tx.query<{ id: number; external_id: string; number: number }>(
    `WITH o AS (
       INSERT INTO orders (customer_id, cart_id, currency_id, items_total_minor, shipping_minor, total_minor, delivery_type,
                           delivery_service_id, pickup_point_id, delivery_description, delivery_days, customer_address_id,
                           delivery_address, alternative_city, payment_method, installments, locale, created_at, updated_at,
                           delivery_service_name_pt, delivery_service_name_es, pickup_point_name, pickup_point_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, $19, $20, $21, $22)
       RETURNING id, external_id, number),
     items AS (
       INSERT INTO order_items (order_id, position, product_id, product_code, product_slug, name_pt, name_es, image_url,
                                quantity, unit_price_minor, subtotal_minor)
       SELECT o.id, i.position, i.product_id, i.code, i.slug, i.name_pt, i.name_es, i.image_url, i.quantity, i.unit, i.subtotal
         FROM o, jsonb_to_recordset($23::jsonb) AS i(position int, product_id int, code text, slug text, name_pt text, name_es text,
                                                      image_url text, quantity int, unit bigint, subtotal bigint)),
     mail AS (SELECT ${toOrderMailJobSql('o.id', 'created')} FROM o)
     SELECT id, external_id, number FROM o, mail`,
    [...order.values, JSON.stringify(order.items)],
  );
  return rows[0]!;
}

/**
 * Empties the cart and binds it to the buyer; in the same round trip, cancels the buyer's other
 * unpaid orders (one unpaid order per customer, issue 22) and answers their ids, whose stock the
 * caller gives back. An order settled meanwhile (paid, expired) is left alone: the update
 * re-checks the status once the row is free.
 */
export async function clearCart(tx: Queryable, cartId: number, customerId: number, now: Date, newOrderId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: string }>(
    `WITH gone AS (DELETE FROM cart_items WHERE cart_id = $1),
     bound AS (UPDATE carts SET customer_id = $2, updated_at = $3, version = version + 1 WHERE id = $1)
     UPDATE orders SET status = 'CANCELADO', updated_at = $3 WHERE customer_id = $2 AND status = 'PAGAMENTO' AND id <> $4 RETURNING id`,
    [cartId, customerId, now, newOrderId],
  );
  return rows.map((row) => Number(row.id));
}

/** The open payments of orders a new checkout cancelled (their stock goes back through the inventory). */
export async function cancelOpenPayments(tx: Queryable, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.query(`UPDATE payments SET status = 'CANCELADO', updated_at = $2 WHERE order_id = ANY($1::bigint[]) AND status <> 'PAGO'`, [
    orderIds,
    now,
  ]);
}

/** What checkout reads of each active cart line: the product as it is now (prices come from here, never from the cart). */
export interface CheckoutCartLine {
  product_id: number;
  quantity: number;
  code: string;
  slug: string;
  name_pt: string;
  name_es: string;
  image_url: string | null;
  price_minor: number;
  currency_id: number;
  show_price: boolean;
  physical_stock: boolean;
}

/** The cart's active lines, one per product (quantities summed), in product order. */
export async function getCheckoutLines(tx: Queryable, cartId: number): Promise<CheckoutCartLine[]> {
  const { rows } = await tx.query<CheckoutCartLine>(
    `SELECT p.id AS product_id, SUM(ci.quantity)::int AS quantity, p.code, p.slug, p.name_pt, p.name_es,
            p.images->0->>'url' AS image_url, p.price_minor, p.currency_id, p.show_price, p.physical_stock
       FROM cart_items ci JOIN products p ON p.id = ci.product_id
      WHERE ci.cart_id = $1 AND ci.active
      GROUP BY p.id ORDER BY p.id`,
    [cartId],
  );
  return rows;
}

/** The unpaid order this cart already became for this customer (a double submit finds it), with its pay link. */
export async function findPendingOrderOfCart(
  tx: Queryable,
  cartId: number,
  customerId: number,
): Promise<{ external_id: string; number: number; link: string } | undefined> {
  const { rows } = await tx.query<{ external_id: string; number: number; link: string }>(
    `SELECT o.external_id, o.number, p.link FROM orders o JOIN payments p ON p.order_id = o.id
      WHERE o.cart_id = $1 AND o.customer_id = $2 AND o.status = 'PAGAMENTO'
      ORDER BY o.created_at DESC, p.id LIMIT 1`,
    [cartId, customerId],
  );
  return rows[0];
}

/** The number of the customer's order still waiting for payment (at most one, see clearCart), if any. */
export async function findUnpaidOrderNumber(tx: Queryable, customerId: number): Promise<number | undefined> {
  const { rows } = await tx.query<{ number: number }>(
    `SELECT number FROM orders WHERE customer_id = $1 AND status = 'PAGAMENTO' ORDER BY created_at DESC LIMIT 1`,
    [customerId],
  );
  return rows[0]?.number;
}

/** The order's payment as the gateway created it; the charge columns only when the gateway charges another currency. */
export interface NewPayment {
  orderId: number;
  provider: string;
  reference: string;
  providerPaymentId: string | null;
  amountMinor: number;
  currencyId: number;
  method: string;
  installments: number;
  link: string;
  now: Date;
  charge: { amountMinor: number; currencyId: number; rate: number } | null;
  /** The id the gateway knows the order by, when the adapter chose it (Pagopar's id_pedido_comercio). */
  gatewayOrderId?: string | undefined;
}

export async function insertPayment(tx: Queryable, payment: NewPayment): Promise<void> {
  await tx.query(
    `INSERT INTO payments (order_id, provider, reference, provider_payment_id, amount_minor, currency_id, method, installments, link, created_at, updated_at,
                           charge_amount_minor, charge_currency_id, charge_rate, gateway_order_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14)`,
    [
      payment.orderId,
      payment.provider,
      payment.reference,
      payment.providerPaymentId,
      payment.amountMinor,
      payment.currencyId,
      payment.method,
      payment.installments,
      payment.link,
      payment.now,
      payment.charge?.amountMinor ?? null,
      payment.charge?.currencyId ?? null,
      payment.charge?.rate ?? null,
      payment.gatewayOrderId ?? null,
    ],
  );
}

/** A delivery service's names (and the pickup point's), as checkout snapshots them on the order. */
export interface DeliveryNamesRow {
  name_pt: string;
  name_es: string;
  point_name: string | null;
  point_address: string | null;
  days: number | null;
  state_id: number | null;
}

/** The pickup point with its service, or the delivery service with the quoted city's department. */
export async function getDeliveryNames(
  db: Queryable,
  target: { pickupPointId: number } | { serviceId: number | null; cityId: number | null },
): Promise<DeliveryNamesRow | undefined> {
  const { rows } = await db.query<DeliveryNamesRow>(
    'pickupPointId' in target
      ? `SELECT s.name_pt, s.name_es, p.name AS point_name, p.address AS point_address, p.days, NULL::int AS state_id
           FROM pickup_points p JOIN delivery_services s ON s.id = p.service_id WHERE p.id = $1`
      : `SELECT s.name_pt, s.name_es, NULL AS point_name, NULL AS point_address, NULL::int AS days,
                (SELECT c.state_id FROM cities c WHERE c.id = $2) AS state_id
           FROM delivery_services s WHERE s.id = $1`,
    'pickupPointId' in target ? [target.pickupPointId] : [target.serviceId, target.cityId],
  );
  return rows[0];
}

/** An order its buyer may pay again (issue 35), locked, and its latest payment (whether its stock is still reserved: the inventory's getReservation). */
export interface PayableOrder {
  id: number;
  external_id: string;
  number: number;
  status: string;
  currency_id: number;
  shipping_minor: number;
  total_minor: number;
  foreign_buyer: 0 | 1;
  document_type: string | null;
  document: string | null;
  payer: Payer;
  /** The latest payment's status (null without one). */
  payment_status: string | null;
}

export async function lockPayableOrder(tx: Queryable, externalId: string, customerId: number): Promise<PayableOrder | undefined> {
  const { rows } = await tx.query<PayableOrder>(
    `SELECT o.id, o.external_id, o.number, o.status, o.currency_id, o.shipping_minor, o.total_minor,
            cu.foreign_buyer, cu.document_type, cu.document, ${PAYER_COLUMN},
            (SELECT p.status FROM payments p WHERE p.order_id = o.id ORDER BY p.id DESC LIMIT 1) AS payment_status
       FROM orders o JOIN customers cu ON cu.id = o.customer_id
      WHERE o.external_id::text = $1 AND o.customer_id = $2
      FOR UPDATE OF o`,
    [externalId, customerId],
  );
  const row = rows[0];
  return (
    row && {
      ...row,
      id: Number(row.id),
      number: Number(row.number),
      shipping_minor: Number(row.shipping_minor),
      total_minor: Number(row.total_minor),
    }
  );
}

/** The order's lines as a gateway charge lists them (prices as the order keeps them). */
export async function getOrderChargeLines(
  tx: Queryable,
  orderId: number,
): Promise<Array<{ code: string; name_pt: string; name_es: string; quantity: number; unit: number }>> {
  const { rows } = await tx.query<{ code: string; name_pt: string; name_es: string; quantity: number; unit: string }>(
    `SELECT product_code AS code, name_pt, name_es, quantity, unit_price_minor AS unit FROM order_items WHERE order_id = $1 ORDER BY position`,
    [orderId],
  );
  return rows.map((row) => ({ ...row, unit: Number(row.unit) }));
}

/** The method the buyer now pays with, as the order shows it (its earlier payments stay as the gateways report them). */
export async function setOrderPaymentMethod(
  tx: Queryable,
  orderId: number,
  method: string,
  installments: number,
  now: Date,
): Promise<void> {
  await tx.query('UPDATE orders SET payment_method = $2, installments = $3, updated_at = $4 WHERE id = $1', [
    orderId,
    method,
    installments,
    now,
  ]);
}
