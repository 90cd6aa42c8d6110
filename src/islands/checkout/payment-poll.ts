import type { OrderPaymentView, OrderView } from '#lib/contract/orders.ts';

/** Spec section 9: the payment page asks every 5 s, at most 30 times. */
export const POLL_INTERVAL_MS = 5000;
export const POLL_ATTEMPTS = 30;

export type PollErrorKey =
  'paymentNotFound' | 'payment_timeout' | 'payment_error' | 'missing_token' | 'order_cancelled' | 'payment_refunded';

export type PollOutcome =
  | { kind: 'loading' }
  | { kind: 'waiting'; declined: boolean; link: string | null }
  | { kind: 'success'; code: string | null }
  | { kind: 'error'; key: PollErrorKey };

/** GET /ecom/venda/pedidos/{id}/buscar-pagamentos (the order's fields), as far as the wait screen reads it. */
export type PaymentsAnswer = Pick<OrderView, 'status' | 'codigo_retirada' | 'link_pagamento'> & {
  pagamentos: Array<Pick<OrderPaymentView, 'status'>>;
};

/** One poll's HTTP result: null when the request itself failed (network, bad JSON). */
export type PollResponse = { status: number; body: PaymentsAnswer | null } | null;

/**
 * What one answer means (spec section 4): success once the payment is FINALIZADO or PAGO (the
 * latest one: paying again with another method adds a payment, issue 35);
 * not found and signed-out end the wait; a cancelled order ends it too (it can no longer be
 * paid; refunded when the money came too late); anything else waits, until the last attempt
 * turns waiting into a timeout and a failing request into an error. `again`: poll once more.
 */
export function readPollResponse(
  response: PollResponse,
  attempt: number,
  declinedOnReturn: boolean,
): { outcome: PollOutcome | null; again: boolean } {
  const last = attempt >= POLL_ATTEMPTS;
  if (response === null || ![200, 401, 404].includes(response.status) || (response.status === 200 && !response.body)) {
    return last ? { outcome: { kind: 'error', key: 'payment_error' }, again: false } : { outcome: null, again: true };
  }
  if (response.status === 401) return { outcome: { kind: 'error', key: 'missing_token' }, again: false };
  if (response.status === 404 || !response.body) return { outcome: { kind: 'error', key: 'paymentNotFound' }, again: false };
  const body = response.body;
  const settled = body.pagamentos.find((payment) => payment.status === 'PAGO' || payment.status === 'FINALIZADO');
  const latest = (settled ?? body.pagamentos.at(-1))?.status;
  if (latest === 'PAGO' || latest === 'FINALIZADO') {
    return body.status === 'CANCELADO'
      ? { outcome: { kind: 'error', key: 'order_cancelled' }, again: false }
      : { outcome: { kind: 'success', code: body.codigo_retirada }, again: false };
  }
  if (latest === 'ESTORNADO') return { outcome: { kind: 'error', key: 'payment_refunded' }, again: false };
  if (body.status === 'CANCELADO') return { outcome: { kind: 'error', key: 'order_cancelled' }, again: false };
  if (last) return { outcome: { kind: 'error', key: 'payment_timeout' }, again: false };
  const declined = latest === 'RECUSADO' || (declinedOnReturn && latest !== 'AGUARDANDO');
  return { outcome: { kind: 'waiting', declined, link: body.link_pagamento }, again: true };
}
