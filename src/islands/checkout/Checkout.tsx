import { useEffect, useRef, useState } from 'react';
import { formatAmount, formatInstallment, type AmountLine, type RateLike } from '#lib/money.ts';
import { getPaymentMethods, isIvaLabelled, MAX_INSTALLMENTS, type PaymentMethod } from '#lib/contract/orders.ts';
import { cartMessages } from '#lib/i18n/cart.ts';
import { checkoutMessages, type CheckoutMessageKey } from '#lib/i18n/checkout.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import LoginForm from '../accounts/LoginForm.tsx';
import { hasSessionEnded, SESSION_ENDED_EVENT } from '../accounts/after-sign-in.ts';
import {
  $cart,
  $cartStatus,
  $cartVersion,
  clearCart,
  removeFromCart,
  setQuantity,
  startCart,
  type CartResult,
} from '../cart/cart-store.ts';
import { apiRequest, toError } from '#lib/api-client.ts';
import type { StartCheckoutAnswer, StartCheckoutBody } from '#lib/contract/checkout.ts';
import OtherCurrencies from '../cart/OtherCurrencies.tsx';
import CheckoutCartLines from './CheckoutCartLines.tsx';
import CheckoutShipping, { type ShippingSelection } from './CheckoutShipping.tsx';
import { getGatewayAmountText } from './gateway-amount.ts';
import { getDeliveryType, toDeliveryChoice } from './shipping-rules.ts';
import { useSharedStore } from '../shell/use-shared-store.ts';

interface Props {
  locale: Locale;
  signedIn: boolean;
  foreignBuyer: 0 | 1 | null;
  hasRuc: boolean;
  currencyId: number;
  /** The currency the buyer's gateway charges in: its amount is shown before paying (decision 1220). */
  gatewayCurrencyId: number | null;
  /** Today's USD rates: the summary's other currencies (decision 1220). */
  rates: readonly RateLike[];
}

function LockIcon() {
  return (
    <svg className="co-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z" />
    </svg>
  );
}

/**
 * The one alert above the steps. `unpaidOrder`: the start was refused because it would cancel
 * that unpaid order; the alert offers to go on anyway. `signIn`: the session ended; the alert
 * holds the sign-in form, which reloads /checkout (the cart stays on the server).
 */
type Alert = { key: CheckoutMessageKey; detail?: string; signIn?: boolean } | { text: string; unpaidOrder?: boolean } | null;

/** The field of the 409 that says this start would cancel the buyer's unpaid order. */
const UNPAID_ORDER_FIELD = 'cancelar_pedido_pendente' satisfies keyof StartCheckoutBody;

/** The alerts validateStep0 raises: cleared as soon as the shopper fixes what they name. */
const STEP0_KEYS: ReadonlySet<CheckoutMessageKey> = new Set(['notLoggedIn', 'emptyCartAlert', 'selectShipping', 'selectPickupPoint']);

/** /checkout: step 0 cart review + shipping + summary, step 1 payment method, then the gateway. */
export default function Checkout({ locale, signedIn, foreignBuyer, hasRuc, currencyId, gatewayCurrencyId, rates }: Props) {
  const t = createTranslator(checkoutMessages, locale);
  const tCart = createTranslator(cartMessages, locale);
  // The cart engineer's store: the header badge and drawer follow every change made here.
  const cart = useSharedStore($cart);
  const cartStatus = useSharedStore($cartStatus);
  const version = useSharedStore($cartVersion);
  const loaded = cartStatus === 'ready' || cartStatus === 'error' || cartStatus === 'saving';
  const [step, setStep] = useState<0 | 1>(0);
  const [shipping, setShipping] = useState<ShippingSelection>({ addressId: null, option: null, point: null });
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [installments, setInstallments] = useState(1);
  const [processing, setProcessing] = useState(false);
  const [alert, setAlert] = useState<Alert>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const brazilian = foreignBuyer === 1;

  useEffect(() => {
    // A session that ended mid-checkout: sign in again here; the account's cart comes back with it.
    const askSignIn = () => setAlert({ key: 'sessionExpired', signIn: true });
    if (!signedIn && hasSessionEnded()) askSignIn();
    window.addEventListener(SESSION_ENDED_EVENT, askSignIn);
    void startCart(currencyId).then(() => {
      if ($cartStatus.get() === 'error') setAlert({ key: 'error_request' });
    });
    return () => window.removeEventListener(SESSION_ENDED_EVENT, askSignIn);
  }, [currencyId, signedIn]);
  const askingSignIn = alert !== null && 'signIn' in alert && alert.signIn === true;

  const items = (cart?.itens ?? []).filter((item) => item.ativo);
  const total = items.reduce((sum, item) => sum + item.valor_unitario * item.qtde, 0);
  const freight = shipping.option ? toDeliveryChoice(shipping.option, shipping.point).valor : 0;
  const cartCurrencyId = cart?.moeda_id ?? currencyId;
  const money = (value: number) => formatAmount(value, cartCurrencyId);
  // The delivery is one more line: the other currencies and the gateway count it as checkout charges it.
  const freightLines: AmountLine[] = freight > 0 ? [{ valor_unitario: freight, qtde: 1 }] : [];
  const otherMoney = (lines: readonly AmountLine[]) => (
    <OtherCurrencies lines={lines} currencyId={cartCurrencyId} locale={locale} rates={rates} />
  );
  const iva = isIvaLabelled(cartCurrencyId) ? ` (${t('ivaIncluded')})` : '';
  const gatewayAmount = getGatewayAmountText([...items, ...freightLines], cartCurrencyId, gatewayCurrencyId, rates);

  async function change(work: () => Promise<CartResult>) {
    const result = await work();
    const notice = result.notice;
    if (notice) setAlert({ text: notice.message ?? tCart(notice.key === 'server' ? 'cartError' : notice.key, notice.params) });
  }

  function validateStep0(): { key: CheckoutMessageKey } | null {
    if (!signedIn) return { key: 'notLoggedIn' };
    if (items.length === 0) return { key: 'emptyCartAlert' };
    if (!shipping.option) return { key: 'selectShipping' };
    if (getDeliveryType(shipping.option) === 'pickup_point' && !shipping.point) return { key: 'selectPickupPoint' };
    return null;
  }

  // Every new alert is brought where the thumb is: focused (read by screen readers) and centred.
  useEffect(() => {
    if (!alert) return;
    alertRef.current?.focus({ preventScroll: true });
    alertRef.current?.scrollIntoView({ block: 'center' });
  }, [alert]);

  // A step-0 alert goes away once what it names is fixed (a delivery chosen, a point picked).
  const step0Problem = validateStep0();
  useEffect(() => {
    if (alert && 'key' in alert && STEP0_KEYS.has(alert.key) && step0Problem?.key !== alert.key) setAlert(null);
  }, [alert, step0Problem?.key]);

  async function pay(cancelUnpaidOrder = false) {
    const problem = validateStep0();
    if (problem || !cart || !shipping.option || !method) {
      setAlert(problem);
      return;
    }
    const choice = toDeliveryChoice(shipping.option, shipping.point);
    if (!choice.token) {
      setAlert({ key: 'selectShipping' });
      return;
    }
    setProcessing(true);
    setAlert(null);
    const body: StartCheckoutBody = {
      token_entrega: choice.token,
      valor_frete: choice.valor,
      cliente_endereco_id: shipping.addressId,
      entrega_servico_id: choice.entrega_servico_id,
      id_ponto_entrega: shipping.point?.id ?? null,
      cidade_alternativa: shipping.point?.cidade ?? null,
      forma_pagamento: method,
      parcelas: method === 'card' && brazilian ? installments : 1,
      cancelar_pedido_pendente: cancelUnpaidOrder || undefined,
    };
    const answer = await apiRequest<StartCheckoutAnswer>(
      'POST',
      `/ecom/venda/carrinho/${encodeURIComponent(cart.external_id)}/iniciar-checkout`,
      body,
    );
    const link = answer.ok ? answer.data?.link_pagamento?.[0] : undefined;
    if (answer.ok && !link) {
      setProcessing(false);
      setAlert({ key: 'paymentLinkNotFound' });
      return;
    }
    if (!link) {
      setProcessing(false);
      if (answer.status === 401) {
        setAlert({ key: 'sessionExpired', signIn: true });
        return;
      }
      const { message, errors } = toError(answer);
      // The server names the unpaid order this start would cancel under this field (409).
      if (message && errors[UNPAID_ORDER_FIELD]) {
        setAlert({ text: message, unpaidOrder: true });
        return;
      }
      const detail = Object.values(errors).flat().join(' · ');
      setAlert({ key: 'paymentError', detail: [message, detail].filter(Boolean).join(' — ') });
      return;
    }
    clearCart();
    window.location.assign(link);
  }

  const progress = step === 0 ? 50 : 90;
  return (
    <div className="co">
      <header className="co-head">
        <p className="co-ssl">
          <LockIcon />
          {t('sslNote')}
        </p>
        <div
          className="co-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={t('progress', { n: progress })}
        >
          <span data-progress={progress} />
        </div>
        <ol className="co-steps">
          <li aria-current={step === 0 ? 'step' : undefined}>{t('stepCart')}</li>
          <li aria-current={step === 1 ? 'step' : undefined}>{t('stepPayment')}</li>
        </ol>
      </header>
      {alert && (
        <div className="co-alert" role="alert" tabIndex={-1} ref={alertRef}>
          <strong>{t('errorTitle')}</strong>
          <p>{'text' in alert ? alert.text : `${t(alert.key)}${alert.detail ? ` ${alert.detail}` : ''}`}</p>
          {'unpaidOrder' in alert && alert.unpaidOrder && (
            <button type="button" className="co-button co-primary" disabled={processing} onClick={() => void pay(true)}>
              {t('cancelAndContinue')}
            </button>
          )}
          {askingSignIn && <LoginForm locale={locale} embedded />}
        </div>
      )}
      {!loaded ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" />
        </p>
      ) : items.length === 0 ? (
        !askingSignIn && (
          <div className="co-empty">
            <p>{t('emptyCart')}</p>
            <a className="co-button" href="/">
              {t('backToShopping')}
            </a>
          </div>
        )
      ) : step === 0 ? (
        <div className="co-grid">
          <CheckoutCartLines
            t={t}
            items={items}
            currencyId={cartCurrencyId}
            onQuantity={(id, qtde) => change(() => setQuantity(id, qtde))}
            onRemove={(id) => change(() => removeFromCart(id))}
          />
          <aside className="co-side">
            {signedIn && cart ? (
              <CheckoutShipping
                locale={locale}
                t={t}
                cartExternalId={cart.external_id}
                currencyId={cart.moeda_id}
                brazilian={brazilian}
                cartVersion={version}
                onChange={setShipping}
              />
            ) : (
              <div className="co-login">
                <p>{t('loginMessage')}</p>
                <LoginForm locale={locale} embedded />
              </div>
            )}
            <section className="co-summary" aria-labelledby="co-summary-title">
              <h2 id="co-summary-title">{t('summary')}</h2>
              <dl>
                <dt>{t('total')}</dt>
                <dd>
                  {money(total)}
                  {otherMoney(items)}
                </dd>
                <dt>{t('shipping')}</dt>
                <dd>
                  {shipping.option ? (freight === 0 ? t('free') : money(freight)) : '—'}
                  {shipping.option && freight > 0 && otherMoney(freightLines)}
                </dd>
                <dt>
                  {t('totalWithShipping')}
                  {iva}
                </dt>
                <dd>
                  <strong data-testid="co-total">{money(total + freight)}</strong>
                  {otherMoney([...items, ...freightLines])}
                </dd>
              </dl>
              {signedIn && (
                <button
                  type="button"
                  className="co-button co-primary"
                  onClick={() => {
                    const problem = validateStep0();
                    setAlert(problem);
                    if (!problem) setStep(1);
                  }}
                >
                  {t('continue')}
                </button>
              )}
            </section>
          </aside>
        </div>
      ) : (
        <section className="co-pay" aria-labelledby="co-pay-title">
          <h2 id="co-pay-title">{t('paymentMethods')}</h2>
          <p className="co-secure">
            <LockIcon />
            {t('secureNote')}
          </p>
          <ul className="co-choices">
            {getPaymentMethods(brazilian ? 1 : 0).map((id) => {
              const disabled = id === 'cash' && !hasRuc;
              return (
                <li key={id}>
                  <label className={disabled ? 'co-disabled' : undefined}>
                    <input
                      type="radio"
                      name="co-method"
                      value={id}
                      checked={method === id}
                      disabled={disabled}
                      onChange={() => setMethod(id)}
                    />
                    <span>{t(`method_${id}` as CheckoutMessageKey)}</span>
                    {disabled && <small>{t('cashNeedsRuc')}</small>}
                  </label>
                </li>
              );
            })}
          </ul>
          {method === 'card' && brazilian && (
            <label className="co-installments">
              {t('installments')}
              <select value={installments} onChange={(event) => setInstallments(Number(event.target.value))}>
                {Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1).map((n) => (
                  <option key={n} value={n}>
                    {t('installmentOption', { n, amount: formatInstallment(total + freight, cartCurrencyId, n) })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className="co-total-line">
            {t('totalWithShipping')}
            {iva}: <strong>{money(total + freight)}</strong>
          </p>
          {gatewayAmount && (
            <p className="co-total-line" data-testid="co-gateway-amount">
              {t('gatewayAmount')}: <strong>{gatewayAmount}</strong>
            </p>
          )}
          <div className="co-actions">
            <button type="button" className="co-button" onClick={() => setStep(0)}>
              {t('back')}
            </button>
            <button
              type="button"
              className="co-button co-primary co-desktop-only"
              disabled={!method || processing}
              onClick={() => void pay()}
            >
              {t('goToPayment')}
            </button>
          </div>
          <div className="co-mobile-bar">
            <button type="button" className="co-button co-primary" disabled={!method || processing} onClick={() => void pay()}>
              {t('finalize')}
            </button>
          </div>
        </section>
      )}
      {processing && (
        <div className="co-overlay" role="status" aria-live="assertive">
          <span className="spinner" aria-hidden="true" /> {t('processing')}
        </div>
      )}
    </div>
  );
}
