// Orders whose stock reservation has run out, written straight into a database: what the
// payment jobs' expiry run gives back (tests/api/payment-jobs*.test.ts).
import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/** A Paraguayan customer (RUC) with this e-mail; returns its id. */
export async function createRucCustomer(db: Db, email: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, document_type, document)
     VALUES ($1, 'x', 'Job', 'Test', 0, 'RUC', '80012345-6') RETURNING id`,
    [email],
  );
  return rows[0]!.id;
}

/**
 * An unpaid card order (G$ 100.000, pickup, es-PY) as checkout leaves it, its reservation of 2
 * units of `productId` already expired; with `paymentReference`, its sandbox payment too. The
 * caller takes the 2 units off the shelf when the test needs the stock to add up.
 */
export async function createExpiredOrder(db: Db, customerId: number, productId: number, paymentReference?: string): Promise<number> {
  const order = (
    await db.query<{ id: number }>(
      `INSERT INTO orders (customer_id, currency_id, items_total_minor, shipping_minor, total_minor, delivery_type, payment_method, locale)
     VALUES ($1, 3, 100000, 0, 100000, 'pickup', 'card', 'es-PY') RETURNING id`,
      [customerId],
    )
  ).rows[0]!;
  await db.query(
    `INSERT INTO stock_reservations (order_id, product_id, quantity, expires_at) VALUES ($1, $2, 2, now() - interval '1 minute')`,
    [order.id, productId],
  );
  if (paymentReference !== undefined)
    await db.query(
      `INSERT INTO payments (order_id, provider, reference, amount_minor, currency_id, method, link)
       VALUES ($1, 'sandbox', $2, 100000, 3, 'card', 'http://example.test/pay')`,
      [order.id, paymentReference],
    );
  return order.id;
}
