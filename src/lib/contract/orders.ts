/**
 * Orders contract, shared by server and islands: types (inferred from orders-schema.ts) and pure
 * rules only (no zod at run time here: islands import it).
 */
import type { z } from 'zod';
import type { OrderListSchema, OrderPaymentViewSchema, OrderViewSchema } from './orders-schema.ts';

/** Payment methods offered to each kind of buyer (accounts spec section 1). */
export const BRAZIL_PAYMENT_METHODS = ['pix', 'boleto', 'card'] as const;
export const PARAGUAY_PAYMENT_METHODS = ['card', 'qr', 'bank_transfer', 'local_bank', 'cash', 'ewallet'] as const;
export const PAYMENT_METHODS = ['pix', 'boleto', 'card', 'qr', 'bank_transfer', 'local_bank', 'cash', 'ewallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Stored as the method when the shopper left it to the gateway's page (spec payload without forma_pagamento). */
export const ANY_PAYMENT_METHOD = 'any';
/** Card instalments allowed for Brazilian buyers (spec section 9). */
export const MAX_INSTALLMENTS = 10;

/**
 * THE RUC-for-cash rule (accounts spec section 1): cash collection points need a RUC on the
 * buyer's record for the invoice. The checkout island greys cash out and the server refuses it
 * with this same test.
 */
export function canPayCash(buyer: { document_type: string | null; document: string | null }): boolean {
  return (buyer.document_type ?? '').toUpperCase() === 'RUC' && (buyer.document ?? '').trim() !== '';
}

export function getPaymentMethods(foreignBuyer: 0 | 1): readonly PaymentMethod[] {
  return foreignBuyer === 1 ? BRAZIL_PAYMENT_METHODS : PARAGUAY_PAYMENT_METHODS;
}

/**
 * Order statuses of spec section 4, plus CANCELADO (an unpaid order whose reservation expired or
 * that the desk cancelled) and RETIRADO (handed over at the store's counter, DECISIONS.md).
 */

export type OrderPaymentView = z.infer<typeof OrderPaymentViewSchema>;

/** GET /ecom/venda/pedidos/{id}/buscar-pagamentos: what the payment-status page polls. */
export type OrderPaymentsView = Pick<OrderView, 'pedido' | 'external_id' | 'status' | 'codigo_retirada' | 'link_pagamento' | 'pagamentos'>;

/** GET /ecom/venda/pedidos: the customer's orders. */
export type OrderList = z.infer<typeof OrderListSchema>;

/** An order as GET /ecom/venda/pedidos{,/external_id} answers it (spec section 3, Order). */
export type OrderView = z.infer<typeof OrderViewSchema>;

/** Spec section 3: totals in G$ (currency 3) are labelled with I.V.A. */
export function isIvaLabelled(currencyId: number): boolean {
  return currencyId === 3;
}

/** The delivery option by name, as frozen at checkout: service, then pickup point; older orders keep their description. */
export function toDeliveryName(order: Pick<OrderView, 'entrega_servico' | 'ponto_entrega' | 'entrega_descricao'>): string {
  if (!order.entrega_servico) return order.entrega_descricao;
  const point = order.ponto_entrega ? `${order.ponto_entrega.nome}, ${order.ponto_entrega.endereco}` : null;
  return [order.entrega_servico, point].filter(Boolean).join(' — ');
}

/** Delivery days are worth showing for deliveries and pickup points (store pickup is 0 by definition). */
export function hasDeliveryDays(order: Pick<OrderView, 'tipo_entrega' | 'prazo_entrega'>): boolean {
  return order.tipo_entrega !== 'pickup' && order.prazo_entrega !== null;
}

/** Spec section 4: pay now only with a payment link and status PAGAMENTO. */
export function canPayNow(order: Pick<OrderView, 'status' | 'link_pagamento'>): boolean {
  return order.status === 'PAGAMENTO' && Boolean(order.link_pagamento);
}

/** Spec section 4: the pickup code only when present and the first payment is no longer AGUARDANDO. */
export function showsPickupCode(order: Pick<OrderView, 'codigo_retirada' | 'pagamentos'>): boolean {
  const first = order.pagamentos[0];
  return Boolean(order.codigo_retirada) && first !== undefined && first.status !== 'AGUARDANDO';
}

/** Payment statuses that mean the money was taken (and maybe returned later): a receipt documents them. */
const TAKEN = new Set(['PAGO', 'ESTORNADO']);

/** The payment an order names: the one that was paid, else the latest attempt (a declined card, then a PIX). */
export function getShownPayment(order: Pick<OrderView, 'pagamentos'>): OrderPaymentView | undefined {
  return order.pagamentos.find((payment) => TAKEN.has(payment.status)) ?? order.pagamentos.at(-1);
}

/** An unpaid order has no payment receipt to offer. */
export function hasReceipt(order: Pick<OrderView, 'pagamentos'>): boolean {
  return order.pagamentos.some((payment) => TAKEN.has(payment.status));
}

/** Where a pickup order is collected: the store itself, or the pickup point frozen on the order. */
export interface PickupPlace {
  name: string;
  address: string;
  /** Opening hours, where the shop knows them (the store's own). */
  hours: string | null;
}

export function getPickupPlace(order: Pick<OrderView, 'tipo_entrega' | 'ponto_entrega'>, store: PickupPlace): PickupPlace | null {
  if (order.tipo_entrega === 'pickup') return store;
  if (order.tipo_entrega === 'pickup_point' && order.ponto_entrega)
    return { name: order.ponto_entrega.nome, address: order.ponto_entrega.endereco, hours: null };
  return null;
}

/** A map search for an address, which opens the phone's maps app. */
export function toMapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A web address inside a tracking note (a carrier's tracking page), to link to; null when there is none. */
export function findTrackingLink(note: string | null): string | null {
  const found = note?.match(/https?:\/\/[^\s<>"']+/)?.[0] ?? null;
  if (!found) return null;
  try {
    return new URL(found).toString();
  } catch {
    return null;
  }
}
