import { setTimeout as delay } from 'node:timers/promises';
import { parseAmount } from '#lib/money.ts';
import type { Queryable } from '../db/client.ts';
import type { HeaderReader } from '../http/responses.ts';
import { GatewayError } from './errors.ts';

/**
 * The payment-provider port. The shop talks to every gateway through this interface only;
 * a real gateway (Mercado Pago for Brazil, Pagopar for Paraguay) is one file implementing it
 * and one line registering it in `payments/index.ts`. The order/payment state machine,
 * dedupe of notifications, amount checks and reconciliation stay in the shop.
 *
 * Flow:
 * 1. checkout calls `createPayment` inside the checkout transaction; the provider answers the
 *    hosted-page URL the shopper is sent to (`link_pagamento`).
 * 2. the gateway notifies the shop: POST /ecom/pagamentos/webhook/{provider id} with its raw
 *    body; `verifyWebhook` authenticates it (signature, freshness) and translates it into a
 *    `PaymentEvent`. The shop then ignores event ids it has seen and refuses wrong amounts.
 * 3. for payments whose notification never came, the reconciliation job calls
 *    `fetchPaymentStatus` and applies the answer exactly as a notification.
 * 4. a payment approved for an order that can no longer be served (its reservation expired and
 *    the stock was sold) is given back with `refundPayment`; reconciliation retries failures.
 */
/**
 * The gateway's current truth about a payment: `approved` while the money is with the shop. A
 * payment the shop holds as paid that the gateway reports otherwise was reversed on its side.
 */
export type ProviderPaymentStatus = 'pending' | 'approved' | 'declined';

/** One line of what the gateway charges, already in the gateway's currency (hosted pages list them). */
export interface ChargeItem {
  id: string;
  title: string;
  quantity: number;
  unitMinor: number;
}

/** Who pays: gateways that print an invoice or pre-fill their page ask for it (Pagopar's comprador). */
export interface Payer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  documentType: string;
  document: string;
  /** The identity document's number (a Paraguayan's cédula, asked at registration even without a RUC). */
  identity: string;
  /** The company on the invoice, when the buyer gave one. */
  companyName: string;
}

export interface CreatePaymentInput {
  /** Our unguessable payment reference; the provider must echo it in notifications. */
  reference: string;
  orderNumber: number;
  /** What the gateway charges, in `currencyId`: the provider's currency (the order's converted at checkout) or the order's. */
  amountMinor: number;
  currencyId: number;
  items: ChargeItem[];
  payer: Payer;
  /** Null when the shopper did not choose (spec payload): the gateway's own page lets them. */
  method: string | null;
  installments: number;
  locale: string;
  /** When the stock reservation ends: the gateway's own payment deadline. */
  expiresAt: Date;
  /** Where the gateway sends the shopper back (our /checkout/payment page, absolute). */
  returnUrl: string;
  /** Origin of the storefront the shopper used, for hosted pages that live in the shop. */
  shopOrigin: string;
}

export interface CreatedPayment {
  link: string;
  providerPaymentId: string | null;
  /** The id the gateway knows the order by, when the shop chose it (Pagopar's id_pedido_comercio): kept on the payment. */
  gatewayOrderId?: string;
}

/**
 * A charge the gateway documents it refuses, known before calling it: the shopper is told in
 * their language and nothing is created (Pagopar's amount range per order and minimum per line).
 */
export type ChargeRefusal =
  { reason: 'amountOutOfRange'; minMinor: number; maxMinor: number } | { reason: 'lineBelowMinimum'; minMinor: number; title: string };

/** What the gateway says of one payment now. */
export interface PaymentReport {
  status: ProviderPaymentStatus;
  amountMinor: number;
  currencyId: number;
  /** The buyer disputes an approved payment (Mercado Pago's in_mediation): the money is held until decided; staff are told. */
  disputed?: boolean;
}

export interface PaymentEvent extends PaymentReport {
  /** The provider's unique id of this notification (dedupe key). */
  eventId: string;
  reference: string;
}

/** The amount is what the gateway charged: payments.charge_amount_minor/charge_currency_id (amount_minor/currency_id when null). */
export interface RefundInput {
  reference: string;
  amountMinor: number;
  currencyId: number;
}

/**
 * Part of a captured payment to give back (a partial refund, or what remains after some), in the
 * gateway's currency; the key makes asking twice give it back once.
 */
export interface PartRefundInput extends RefundInput {
  idempotencyKey: string;
}

/**
 * `ok` also when the payment was already refunded: the shop may ask twice after a crash;
 * `scheduled` when the gateway will give it back later (Pagopar "Agendada"): not done yet.
 * `manual_required`: the gateway cannot give this payment back (its method, its day, a refusal);
 * staff return the money by other means. `gateway_error` and `not_captured` may pass: retried.
 */
export type RefundResult =
  | { ok: true; scheduled?: boolean }
  | { ok: false; reason: 'not_captured' | 'unknown_payment' | 'amount_mismatch' | 'gateway_error' | 'manual_required' };

export type WebhookVerification =
  { ok: true; event: PaymentEvent } | { ok: false; reason: 'bad_signature' | 'stale' | 'malformed' | 'gateway_error' };

/** A notification as it arrived: the signature may cover the query (Mercado Pago's data.id) as well as the body. */
export interface WebhookRequest {
  rawBody: string;
  headers: HeaderReader;
  query: URLSearchParams;
}

export interface PaymentProvider {
  readonly id: string;
  /** The currency the gateway charges in (Mercado Pago Brazil: BRL; Pagopar: G$); absent: the order's. */
  readonly currencyId?: number;
  /** What the gateway would refuse of this charge by its documented rules, before anything is written; null when nothing. */
  getChargeRefusal?(charge: { amountMinor: number; items: ChargeItem[] }): ChargeRefusal | null;
  /** Runs inside the checkout transaction (`db`): a failure rolls the whole checkout back. */
  createPayment(input: CreatePaymentInput, db: Queryable): Promise<CreatedPayment>;
  /**
   * Authenticates a notification (signature, freshness) and answers the payment's state; a
   * gateway whose notification carries no state is asked for it here, before anything changes
   * (`gateway_error` when it cannot answer: the gateway retries). Never trusts the body alone.
   */
  verifyWebhook(request: WebhookRequest, now: Date): Promise<WebhookVerification>;
  /** What the gateway expects as the body of a 200 answer to its notification, when it expects one. */
  getWebhookReply?(request: WebhookRequest): unknown;
  /** Asks the gateway for the current state of one payment (reconciliation). */
  fetchPaymentStatus(reference: string): Promise<PaymentReport | null>;
  /** Gives the whole captured amount back to the payer; idempotent per reference. */
  refundPayment(input: RefundInput): Promise<RefundResult>;
  /**
   * Gives part of a captured payment back, idempotent per key; absent when the gateway only
   * reverses whole payments (Pagopar): staff then return the part by other means (decision 1140).
   */
  refundPart?(input: PartRefundInput): Promise<RefundResult>;
}

// What every gateway adapter uses to speak to its gateway.

export interface GatewayRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs: number;
}

/** JSON over HTTP to a payment gateway, with a time limit: an unanswered call must not hold checkout's locks. */
export async function callGateway<T>(url: string, request: GatewayRequest): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? (request.json === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    throw new GatewayError(
      `${new URL(url).pathname}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`,
      null,
      null,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new GatewayError(
      `${new URL(url).pathname}: answered ${response.status} with a body that is not JSON`,
      response.status,
      text.slice(0, 200),
    );
  }
  if (!response.ok) {
    const retryAfterMs = toRetryAfterMs(response.headers.get('retry-after'), Date.now());
    throw new GatewayError(`${new URL(url).pathname}: answered ${response.status}`, response.status, body, retryAfterMs);
  }
  return body as T;
}

/**
 * A `Retry-After` header in ms from `nowMs` (RFC 9110 section 10.2.3: delay-seconds or an HTTP
 * date); null when absent or unreadable, 0 for a date already past.
 */
export function toRetryAfterMs(header: string | null, nowMs: number): number | null {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/**
 * How a call the gateway can take twice (the same idempotency key) is tried again after a 429 or
 * 5xx: attempts, the first wait (doubled each time), and the longest wait a `Retry-After` may ask
 * for. Bounded: checkout waits for it inside its transaction.
 */
export const GATEWAY_RETRY = { attempts: 3, firstWaitMs: 200, maxWaitMs: 2_000 };

function isTransient(error: unknown): error is GatewayError {
  return error instanceof GatewayError && (error.status === 429 || (error.status !== null && error.status >= 500));
}

/**
 * Runs `attempt` again after a transient failure (429, 5xx), waiting the gateway's `Retry-After`
 * when it gave one (never less than the back-off), otherwise the back-off. A gateway that asks for
 * longer than `maxWaitMs` is not asked again before it said: the failure is thrown at once.
 * Anything else (a refusal, a timeout) fails at once. Only for calls the gateway deduplicates.
 */
export async function retryTransient<T>(label: string, attempt: () => Promise<T>, retry = GATEWAY_RETRY): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error) || tried === retry.attempts) throw error;
      const backOffMs = retry.firstWaitMs * 2 ** (tried - 1);
      const waitMs = Math.max(backOffMs, error.retryAfterMs ?? 0);
      if (waitMs > retry.maxWaitMs) throw error;
      console.warn(`${label}: attempt ${tried} failed (${error.message}), retrying in ${waitMs} ms`);
      await delay(waitMs);
    }
  }
}

export function toMinorUnits(value: unknown, decimals: number): number {
  const minor = typeof value === 'number' || typeof value === 'string' ? parseAmount(value, { decimals, format: 'plain' }) : 'invalid';
  return typeof minor === 'number' ? minor : Number.NaN;
}
