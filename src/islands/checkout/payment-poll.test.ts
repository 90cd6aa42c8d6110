import { describe, expect, it } from 'vitest';
import { POLL_ATTEMPTS, POLL_INTERVAL_MS, readPollResponse, type PaymentsAnswer } from './payment-poll.ts';

function answer(status: string, payment: string | null, extra: Partial<PaymentsAnswer> = {}) {
  const body: PaymentsAnswer = {
    status,
    codigo_retirada: null,
    link_pagamento: null,
    pagamentos: payment ? [{ status: payment }] : [],
    ...extra,
  };
  return { status: 200, body };
}

describe('the payment wait screen (spec sections 4 and 9)', () => {
  it('polls every 5 s, at most 30 times', () => {
    expect([POLL_INTERVAL_MS, POLL_ATTEMPTS]).toEqual([5000, 30]);
  });

  it('succeeds once the first payment is PAGO or FINALIZADO, with the pickup code', () => {
    expect(readPollResponse(answer('PAGO', 'PAGO', { codigo_retirada: 'ABC34567' }), 1, false)).toEqual({
      outcome: { kind: 'success', code: 'ABC34567' },
      again: false,
    });
    expect(readPollResponse(answer('AUTORIZADO', 'FINALIZADO'), 7, false).outcome).toEqual({ kind: 'success', code: null });
  });

  it('waits while awaiting, shows a decline with the pay-now link, and times out on the 30th attempt', () => {
    expect(readPollResponse(answer('PAGAMENTO', 'AGUARDANDO', { link_pagamento: '/pay' }), 1, false)).toEqual({
      outcome: { kind: 'waiting', declined: false, link: '/pay' },
      again: true,
    });
    expect(readPollResponse(answer('PAGAMENTO', 'RECUSADO', { link_pagamento: '/pay' }), 2, false).outcome).toEqual({
      kind: 'waiting',
      declined: true,
      link: '/pay',
    });
    expect(readPollResponse(answer('PAGAMENTO', 'AGUARDANDO'), 29, false).again).toBe(true);
    expect(readPollResponse(answer('PAGAMENTO', 'AGUARDANDO'), 30, false)).toEqual({
      outcome: { kind: 'error', key: 'payment_timeout' },
      again: false,
    });
  });

  it('ends on not found, signed out, a cancelled order and a refunded payment', () => {
    expect(readPollResponse({ status: 404, body: null }, 1, false)).toEqual({
      outcome: { kind: 'error', key: 'paymentNotFound' },
      again: false,
    });
    expect(readPollResponse({ status: 401, body: null }, 1, false)).toEqual({
      outcome: { kind: 'error', key: 'missing_token' },
      again: false,
    });
    expect(readPollResponse(answer('CANCELADO', 'CANCELADO'), 3, false).outcome).toEqual({ kind: 'error', key: 'order_cancelled' });
    expect(readPollResponse(answer('CANCELADO', 'ESTORNADO'), 3, false).outcome).toEqual({ kind: 'error', key: 'payment_refunded' });
  });

  it('retries failed requests and reports an error only when the attempts run out', () => {
    expect(readPollResponse(null, 1, false)).toEqual({ outcome: null, again: true });
    expect(readPollResponse({ status: 502, body: null }, 10, false)).toEqual({ outcome: null, again: true });
    expect(readPollResponse({ status: 500, body: null }, 30, false)).toEqual({
      outcome: { kind: 'error', key: 'payment_error' },
      again: false,
    });
  });
});
