import type { OrderView } from '#lib/contract/orders.ts';
import { toAddressLines } from '#lib/address-lines.ts';
import { toDocumentTypeWord } from '#lib/documents.ts';
import { toMajor } from '#lib/money.ts';
import type { Queryable } from '../db/client.ts';
import { isUuid, toId } from '#lib/contract/input.ts';
import { createOrderRepository, type ItemRow, type OrderRows, type OrderRow, type PaymentRow } from './repository.ts';

const DAY_MS = 24 * 3600 * 1000;

/** How long the store keeps a paid pickup order (config PICKUP_HOLD_DAYS). */
interface OrderViewRules {
  pickupHoldDays: number;
}

function toView(row: OrderRow, payments: PaymentRow[], items: ItemRow[], lang: 'pt' | 'es', rules: OrderViewRules): OrderView {
  const major = (minor: number) => toMajor(minor, row.decimals);
  // The latest payment is the one to pay (paying again adds one, issue 35).
  const latest = payments.at(-1);
  const isPickup = row.delivery_type !== 'delivery';
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
    link_pagamento: row.status === 'PAGAMENTO' && latest ? latest.link : null,
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
      qtde_devolvida: item.refunded_quantity,
    })),
    comprador: { nome: row.buyer_name, documento_tipo: toDocumentTypeWord(row.document_type), documento: row.document },
    endereco_entrega: isPickup ? null : toAddressLines(row.delivery_address),
    rastreio: row.tracking_note,
    valor_devolvido: major(items.reduce((sum, item) => sum + Number(item.refunded_minor), 0)),
    retirar_ate: isPickup && row.paid_at ? new Date(row.paid_at.getTime() + rules.pickupHoldDays * DAY_MS).toISOString() : null,
  };
}

function toViews({ orders, payments, items }: OrderRows, lang: 'pt' | 'es', rules: OrderViewRules): OrderView[] {
  return orders.map((order) =>
    toView(
      order,
      payments.filter((payment) => payment.order_id === order.id),
      items.filter((item) => item.order_id === order.id),
      lang,
      rules,
    ),
  );
}

/** Orders as their owner sees them; another customer's order simply does not exist (null). */
export function createOrderService({ db, pickupHoldDays }: { db: Queryable } & OrderViewRules) {
  const rules = { pickupHoldDays };
  const orders = createOrderRepository(db);
  return {
    async listOrders(customerId: number, lang: 'pt' | 'es'): Promise<OrderView[]> {
      return toViews(await orders.listByCustomer(customerId), lang, rules);
    },

    /** By external id (uuid) or by order number (the shop's own links, `pedido`). */
    async getOrder(customerId: number, id: string, lang: 'pt' | 'es'): Promise<OrderView | null> {
      if (isUuid(id)) return toViews(await orders.findByExternalId(customerId, id), lang, rules)[0] ?? null;
      const number = toId(id);
      if (number !== null) return toViews(await orders.findByNumber(customerId, number), lang, rules)[0] ?? null;
      return null;
    },

    /**
     * The payment-status call's order (spec section 7, GET /ecom/venda/pedidos/{id}/buscar-pagamentos):
     * by the order's `id`, or by its external id (the shop's wait screen).
     */
    async getOrderForPayments(customerId: number, id: string, lang: 'pt' | 'es'): Promise<OrderView | null> {
      if (isUuid(id)) return toViews(await orders.findByExternalId(customerId, id), lang, rules)[0] ?? null;
      const orderId = toId(id);
      if (orderId !== null) return toViews(await orders.findById(customerId, orderId), lang, rules)[0] ?? null;
      return null;
    },
  };
}
