// Every SQL statement of the shopper's orders (decision 0720).
import type { OrderView } from '#lib/contract/orders.ts';
import type { Queryable } from '../db/client.ts';

export interface OrderRow {
  id: number;
  external_id: string;
  number: number;
  created_at: Date;
  currency_id: number;
  symbol: string;
  decimals: number;
  items_total_minor: number;
  shipping_minor: number;
  total_minor: number;
  status: string;
  delivery_type: OrderView['tipo_entrega'];
  delivery_description: string;
  delivery_days: number | null;
  delivery_service_name_pt: string | null;
  delivery_service_name_es: string | null;
  pickup_point_name: string | null;
  pickup_point_address: string | null;
  pickup_code: string | null;
  payment_method: string;
  installments: number;
  paid_at: Date | null;
  delivery_address: Record<string, unknown> | null;
  tracking_note: string | null;
  buyer_name: string;
  document_type: string;
  document: string;
}

export interface PaymentRow {
  order_id: number;
  status: string;
  amount_minor: number;
  method: string;
  installments: number;
  link: string;
}
export interface ItemRow {
  order_id: number;
  product_id: number;
  product_code: string;
  product_slug: string;
  name_pt: string;
  name_es: string;
  image_url: string | null;
  quantity: number;
  unit_price_minor: number;
  subtotal_minor: number;
  /** Units partial refunds gave back (done ones: money returned). */
  refunded_quantity: number;
  refunded_minor: number;
}

const ORDER_COLUMNS = `o.id, o.external_id, o.number, o.created_at, o.currency_id, c.symbol, c.decimals, o.items_total_minor,
  o.shipping_minor, o.total_minor, o.status, o.delivery_type, o.delivery_description, o.pickup_code, o.payment_method,
  o.installments, o.paid_at, o.delivery_days, o.delivery_service_name_pt, o.delivery_service_name_es, o.pickup_point_name,
  o.pickup_point_address, o.delivery_address, o.tracking_note, trim(concat_ws(' ', cu.first_name, cu.last_name)) AS buyer_name,
  coalesce(cu.document_type, '') AS document_type, coalesce(cu.document, '') AS document`;

export interface OrderRows {
  orders: OrderRow[];
  payments: PaymentRow[];
  items: ItemRow[];
}

/** A customer's orders with their payments and items; every statement is scoped by customer_id. */
export function createOrderRepository(db: Queryable) {
  async function load(where: string, params: unknown[]): Promise<OrderRows> {
    const orders = (
      await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders o JOIN currencies c ON c.id = o.currency_id JOIN customers cu ON cu.id = o.customer_id
          WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
        params,
      )
    ).rows;
    if (orders.length === 0) return { orders, payments: [], items: [] };
    const ids = orders.map((order) => order.id);
    const [payments, items] = await Promise.all([
      db.query<PaymentRow>(
        'SELECT order_id, status, amount_minor, method, installments, link FROM payments WHERE order_id = ANY($1) ORDER BY id',
        [ids],
      ),
      db.query<ItemRow>(
        `SELECT i.*, coalesce(r.quantity, 0)::int AS refunded_quantity, coalesce(r.amount_minor, 0)::bigint AS refunded_minor
           FROM order_items i
           LEFT JOIN (SELECT l.order_id, l.position, sum(l.quantity) AS quantity, sum(l.amount_minor) AS amount_minor
                        FROM order_refund_lines l JOIN order_refunds d ON d.id = l.refund_id AND d.state = 'FEITO'
                       WHERE l.order_id = ANY($1) GROUP BY l.order_id, l.position) r ON r.order_id = i.order_id AND r.position = i.position
          WHERE i.order_id = ANY($1) ORDER BY i.position`,
        [ids],
      ),
    ]);
    return { orders, payments: payments.rows, items: items.rows };
  }

  return {
    listByCustomer: (customerId: number) => load('o.customer_id = $1', [customerId]),
    findByExternalId: (customerId: number, externalId: string) =>
      load('o.customer_id = $1 AND o.external_id = $2', [customerId, externalId]),
    findByNumber: (customerId: number, number: number) => load('o.customer_id = $1 AND o.number = $2', [customerId, number]),
    findById: (customerId: number, id: number) => load('o.customer_id = $1 AND o.id = $2', [customerId, id]),
  };
}
