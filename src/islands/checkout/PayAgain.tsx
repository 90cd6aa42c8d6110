import { useState } from 'react';
import { apiRequest, toError } from '#lib/api-client.ts';
import type { PayAgainBody, StartCheckoutAnswer } from '#lib/contract/checkout.ts';
import type { PaymentMethod } from '#lib/contract/orders.ts';
import type { CheckoutMessageKey } from '#lib/i18n/checkout.ts';
import type { Translate } from '#lib/i18n/translator.ts';

interface Props {
  t: Translate<CheckoutMessageKey>;
  orderId: string;
  methods: readonly PaymentMethod[];
}

/**
 * After a decline (issue 35): the same order with another method while its stock is reserved.
 * The server answers the new payment's link, or why not (the reservation ended: 410).
 */
export default function PayAgain({ t, orderId, methods }: Props) {
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The reservation ended (410): the order cannot be paid; its items can go back in the cart.
  const [ended, setEnded] = useState(false);

  async function submit() {
    if (!method) return;
    setSending(true);
    setError(null);
    const body: PayAgainBody = { forma_pagamento: method };
    const answer = await apiRequest<StartCheckoutAnswer>(
      'POST',
      `/ecom/venda/pedidos/${encodeURIComponent(orderId)}/pagar-novamente`,
      body,
    );
    const link = answer.ok ? answer.data.link_pagamento[0] : undefined;
    if (link) {
      window.location.assign(link);
      return;
    }
    setSending(false);
    setEnded(answer.status === 410);
    setError(toError(answer).message ?? t('paymentError'));
  }

  async function putBack() {
    setSending(true);
    const answer = await apiRequest('POST', `/ecom/venda/pedidos/${encodeURIComponent(orderId)}/devolver-ao-carrinho`);
    if (answer.ok) {
      window.location.assign('/carrinho');
      return;
    }
    setSending(false);
    setError(toError(answer).message ?? t('paymentError'));
  }

  return (
    <form
      className="pay-again"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend>{t('payAgainTitle')}</legend>
        {methods.map((id) => (
          <label key={id}>
            <input type="radio" name="pay-again-method" value={id} checked={method === id} onChange={() => setMethod(id)} />
            <span>{t(`method_${id}` as CheckoutMessageKey)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {ended ? (
        <button type="button" className="primary" disabled={sending} onClick={() => void putBack()}>
          {t('backToCart')}
        </button>
      ) : (
        <button type="submit" className="primary" disabled={!method || sending}>
          {t('payAgainButton')}
        </button>
      )}
    </form>
  );
}
