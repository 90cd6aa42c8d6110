import { useEffect, useState } from 'react';
import { checkoutMessages } from '../../lib/i18n/checkout.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import type { Locale } from '../../lib/locale.ts';

/** Spec section 9: every 5 s, at most 30 attempts. */
export const POLL_INTERVAL_MS = 5000;
export const POLL_ATTEMPTS = 30;

type Outcome =
  | { kind: 'loading' }
  | { kind: 'waiting'; declined: boolean; link: string | null }
  | { kind: 'success'; code: string | null }
  | { kind: 'error'; key: 'paymentNotFound' | 'payment_timeout' | 'payment_error' | 'missing_token' };

interface Props {
  locale: Locale;
  orderId: string;
  /** The gateway sent the shopper back after a decline. */
  declined: boolean;
}

interface PaymentsAnswer { status: string; codigo_retirada: string | null; link_pagamento: string | null; pagamentos: Array<{ status: string }> }

/** The payment wait screen: polls until the first payment is FINALIZADO or PAGO, else times out. */
export default function PaymentStatus({ locale, orderId, declined }: Props) {
  const t = createTranslator(checkoutMessages, locale);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'loading' });

  useEffect(() => {
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function poll() {
      attempts += 1;
      try {
        const response = await fetch(`/ecom/venda/pedidos/${encodeURIComponent(orderId)}/buscar-pagamentos`, {
          credentials: 'same-origin', headers: { accept: 'application/json' },
        });
        if (stopped) return;
        if (response.status === 401) return setOutcome({ kind: 'error', key: 'missing_token' });
        if (response.status === 404) return setOutcome({ kind: 'error', key: 'paymentNotFound' });
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as PaymentsAnswer;
        const first = body.pagamentos[0]?.status;
        if (first === 'PAGO' || first === 'FINALIZADO') return setOutcome({ kind: 'success', code: body.codigo_retirada });
        setOutcome({ kind: 'waiting', declined: first === 'RECUSADO' || (declined && first !== 'AGUARDANDO'), link: body.link_pagamento });
      } catch {
        if (stopped) return;
        if (attempts >= POLL_ATTEMPTS) return setOutcome({ kind: 'error', key: 'payment_error' });
      }
      if (attempts >= POLL_ATTEMPTS) return setOutcome({ kind: 'error', key: 'payment_timeout' });
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    }
    void poll();
    return () => { stopped = true; clearTimeout(timer); };
  }, [orderId, declined]);

  if (outcome.kind === 'loading') {
    return <p className="payment-state" role="status" aria-live="polite"><span className="spinner" aria-hidden="true" /> {t('paymentLoading')}</p>;
  }
  if (outcome.kind === 'success') {
    return (
      <div className="payment-state success" role="status" aria-live="polite">
        <p className="headline">{t('paymentSuccess')}</p>
        {outcome.code && <p>{t('paymentPickupCode')}: <strong className="pickup-code" data-testid="pickup-code">{outcome.code}</strong></p>}
        <p className="actions">
          <a className="primary" href={`/pedido/${orderId}`}>{t('viewOrders')}</a>
          {outcome.code && <a href={`/pedido/${orderId}/ticket`}>{t('printTicket')}</a>}
          <a href={`/success?pedido=${encodeURIComponent(orderId)}`}>{t('downloadReceipt')}</a>
        </p>
      </div>
    );
  }
  if (outcome.kind === 'waiting') {
    return (
      <div className="payment-state" role="status" aria-live="polite">
        {outcome.declined ? <p role="alert" className="declined">{t('paymentDeclined')}</p> : <p><span className="spinner" aria-hidden="true" /> {t('paymentWaiting')}</p>}
        <p className="actions">
          {outcome.link && <a className="primary" href={outcome.link} data-testid="pay-now">{t('payNow')}</a>}
          <a href={`/pedido/${orderId}`}>{t('viewOrders')}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="payment-state" role="alert">
      <p className="error">{t(outcome.key)}</p>
      <p>{t('contactStore')}</p>
      <p className="actions">{outcome.key === 'missing_token' ? <a href={`/login?redirect=${encodeURIComponent(`/checkout/payment?pedido=${orderId}`)}`}>{t('signIn')}</a> : <a href="/pedidos">{t('viewOrders')}</a>}</p>
    </div>
  );
}
