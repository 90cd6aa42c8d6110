import { useEffect, useState } from 'react';
import { apiRequest } from '#lib/api-client.ts';
import { checkoutMessages } from '#lib/i18n/checkout.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { PaymentMethod } from '#lib/contract/orders.ts';
import PayAgain from './PayAgain.tsx';
import { POLL_INTERVAL_MS, readPollResponse, type PaymentsAnswer, type PollOutcome, type PollResponse } from './payment-poll.ts';

interface Props {
  locale: Locale;
  orderId: string;
  /** The gateway sent the shopper back after a decline. */
  declined: boolean;
  /** The methods the buyer may pay again with after a decline. */
  methods: readonly PaymentMethod[];
}

async function fetchPayments(orderId: string): Promise<PollResponse> {
  const answer = await apiRequest<PaymentsAnswer>('GET', `/ecom/venda/pedidos/${encodeURIComponent(orderId)}/buscar-pagamentos`);
  if (answer.status === 0) return null;
  return { status: answer.status, body: answer.ok ? answer.data : null };
}

/** The payment wait screen: polls until the first payment is FINALIZADO or PAGO, else times out. */
export default function PaymentStatus({ locale, orderId, declined, methods }: Props) {
  const t = createTranslator(checkoutMessages, locale);
  const [outcome, setOutcome] = useState<PollOutcome>({ kind: 'loading' });

  useEffect(() => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function poll() {
      attempt += 1;
      const response = await fetchPayments(orderId);
      if (stopped) return;
      const step = readPollResponse(response, attempt, declined);
      if (step.outcome) setOutcome(step.outcome);
      if (step.again) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    }
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, declined]);

  if (outcome.kind === 'loading') {
    return (
      <p className="payment-state" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" /> {t('paymentLoading')}
      </p>
    );
  }
  if (outcome.kind === 'success') {
    return (
      <div className="payment-state success" role="status" aria-live="polite">
        <p className="headline">{t('paymentSuccess')}</p>
        {outcome.code && (
          <p>
            {t('paymentPickupCode')}:{' '}
            <strong className="pickup-code" data-testid="pickup-code">
              {outcome.code}
            </strong>
          </p>
        )}
        <p className="actions">
          <a className="primary" href={`/pedido/${orderId}`}>
            {t('viewOrders')}
          </a>
          {outcome.code && <a href={`/pedido/${orderId}/ticket`}>{t('printTicket')}</a>}
          <a href={`/success?pedido=${encodeURIComponent(orderId)}`}>{t('downloadReceipt')}</a>
        </p>
      </div>
    );
  }
  if (outcome.kind === 'waiting') {
    return (
      <div className="payment-state" role="status" aria-live="polite">
        {outcome.declined ? (
          <p role="alert" className="declined">
            {t('paymentDeclined')}
          </p>
        ) : (
          <p>
            <span className="spinner" aria-hidden="true" /> {t('paymentWaiting')}
          </p>
        )}
        <p className="actions">
          {outcome.link && (
            <a className="primary" href={outcome.link} data-testid="pay-now">
              {t('payNow')}
            </a>
          )}
          <a href={`/pedido/${orderId}`}>{t('viewOrders')}</a>
        </p>
        {outcome.declined && <PayAgain t={t} orderId={orderId} methods={methods} />}
      </div>
    );
  }
  return (
    <div className="payment-state" role="alert">
      <p className="error" data-testid="payment-error">
        {t(outcome.key)}
      </p>
      <p>{t('contactStore')}</p>
      <p className="actions">
        {outcome.key === 'missing_token' ? (
          <a href={`/login?redirect=${encodeURIComponent(`/checkout/payment?pedido=${orderId}`)}`}>{t('signIn')}</a>
        ) : (
          <a href="/pedidos">{t('viewOrders')}</a>
        )}
      </p>
    </div>
  );
}
