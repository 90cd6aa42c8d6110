import type { OrderView } from '../../lib/contract/orders.ts';
import { toMajor } from '../../lib/money.ts';
import type { Queryable } from '../db/client.ts';
import { isUuid, toId } from '../../lib/contract/input.ts';

interface OrderRow {
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
}

interface PaymentRow { order_id: number; status: string; amount_minor: number; method: string; installments: number; link: string }
interface ItemRow {
  order_id: number; product_id: number; product_code: string; product_slug: string; name_pt: string; name_es: string;
  image_url: string | null; quantity: number; unit_price_minor: number; subtotal_minor: number;
}

const ORDER_COLUMNS = `o.id, o.external_id, o.number, o.created_at, o.currency_id, c.symbol, c.decimals, o.items_total_minor,
  o.shipping_minor, o.total_minor, o.status, o.delivery_type, o.delivery_description, o.pickup_code, o.payment_method,
  o.installments, o.paid_at, o.delivery_days, o.delivery_service_name_pt, o.delivery_service_name_es, o.pickup_point_name,
  o.pickup_point_address`;

function toView(row: OrderRow, payments: PaymentRow[], items: ItemRow[], lang: 'pt' | 'es'): OrderView {
  const major = (minor: number) => toMajor(minor, row.decimals);
  const first = payments[0];
  return {
    id: row.id,
    external_id: row.external_id,
    pedido: row.number,
    created_at: row.created_at.toISOString(),
    valor_total: major(row.total_minor),
    valor_produtos: major(row.items_total_minor),
    valor_frete: major(row.shipping_minor),
    moeda_id: row.currency_id,
    moeda: { id: row.currency_id, simbolo: row.symbol, casas_decimais: row.decimals },
    status: row.status,
    tipo_entrega: row.delivery_type,
    entrega_descricao: row.delivery_description,
    entrega_servico: lang === 'es' ? row.delivery_service_name_es : row.delivery_service_name_pt,
    ponto_entrega: row.pickup_point_name === null ? null : { nome: row.pickup_point_name, endereco: row.pickup_point_address ?? '' },
    prazo_entrega: row.delivery_days,
    // The code is what the counter asks for at pickup: a home delivery has nothing to pick up.
    codigo_retirada: row.delivery_type === 'delivery' ? null : row.pickup_code,
    link_pagamento: row.status === 'PAGAMENTO' && first ? first.link : null,
    pagamentos: payments.map((payment) => ({
      status: payment.status,
      valor_total: major(payment.amount_minor),
      forma_pagamento: payment.method,
      parcelas: payment.installments,
    })),
    itens: items.map((item) => ({
      produto: {
        id: item.product_id,
        nome: lang === 'es' ? item.name_es : item.name_pt,
        codigo: item.product_code,
        slug: item.product_slug,
        imagem: item.image_url,
      },
      qtde: item.quantity,
      valor_unitario: major(item.unit_price_minor),
      valor_subtotal: major(item.subtotal_minor),
    })),
  };
}

/** Orders as their owner sees them; another customer's order simply does not exist (null). */
export function createOrderService({ db }: { db: Queryable }) {
  async function load(where: string, params: unknown[], lang: 'pt' | 'es'): Promise<OrderView[]> {
    const orders = (await db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders o JOIN currencies c ON c.id = o.currency_id WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
      params,
    )).rows;
    if (orders.length === 0) return [];
    const ids = orders.map((order) => order.id);
    const [payments, items] = await Promise.all([
      db.query<PaymentRow>('SELECT order_id, status, amount_minor, method, installments, link FROM payments WHERE order_id = ANY($1) ORDER BY id', [ids]),
      db.query<ItemRow>('SELECT * FROM order_items WHERE order_id = ANY($1) ORDER BY position', [ids]),
    ]);
    return orders.map((order) => toView(
      order,
      payments.rows.filter((payment) => payment.order_id === order.id),
      items.rows.filter((item) => item.order_id === order.id),
      lang,
    ));
  }

  return {
    listOrders(customerId: number, lang: 'pt' | 'es'): Promise<OrderView[]> {
      return load('o.customer_id = $1', [customerId], lang);
    },

    /** By external id (uuid) or, for the payment-status call, by order number. */
    async getOrder(customerId: number, id: string, lang: 'pt' | 'es'): Promise<OrderView | null> {
      if (isUuid(id)) return (await load('o.customer_id = $1 AND o.external_id = $2', [customerId, id], lang))[0] ?? null;
      const number = toId(id);
      if (number !== null) return (await load('o.customer_id = $1 AND o.number = $2', [customerId, number], lang))[0] ?? null;
      return null;
    },
  };
}
