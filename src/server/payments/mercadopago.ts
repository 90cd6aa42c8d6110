import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  callGateway,
  retryTransient,
  toMinorUnits,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentReport,
  type ProviderPaymentStatus,
  type RefundResult,
  type WebhookVerification,
} from './provider.ts';
import { isValidCnpj } from '#lib/documents.ts';
import { toMajor } from '#lib/money.ts';
import { GatewayError } from './errors.ts';

/**
 * Mercado Pago (Brazilian buyers), Checkout Pro through its documented REST API (decision
 * 0410): a preference per order, the shopper pays on Mercado Pago's page (PIX QR and code,
 * boleto, card up to 10 instalments), the webhook is verified by its x-signature and the
 * payment is then read with GET /v1/payments/{id} before anything changes.
 */
export const MERCADOPAGO_PROVIDER_ID = 'mercadopago';
const BRL = 1;
const MAX_INSTALLMENTS = 10;
/** Notifications signed longer ago than this are refused as replays. */
const SIGNATURE_TOLERANCE_S = 300;

/** Payment types (Mercado Pago's payment_type_id) each of our methods keeps; the rest are excluded. */
const PAYMENT_TYPES: Record<string, string[]> = {
  pix: ['bank_transfer'],
  boleto: ['ticket'],
  card: ['credit_card', 'debit_card'],
};
const ALL_PAYMENT_TYPES = ['credit_card', 'debit_card', 'ticket', 'bank_transfer', 'atm', 'account_money', 'prepaid_card'];

const STATUS: Record<string, ProviderPaymentStatus> = {
  approved: 'approved',
  rejected: 'declined',
  cancelled: 'declined',
  // A dispute opened after approval: the money is held until it is decided; staff are told (`disputed`).
  in_mediation: 'approved',
};

/**
 * A boleto must be paid a day before the stock reservation ends (decision 1000): Mercado Pago
 * credits an offline payment some time after it is made ("Change expiration date", Checkout Pro).
 */
const BOLETO_CREDITING_MARGIN_MS = 24 * 3_600_000;

/** How far the preference's validity starts before now, for a gateway clock slightly behind ours. */
const CLOCK_SKEW_MS = 60_000;

/** Mercado Pago's date format, ISO 8601 with milliseconds and an offset (Brasília, UTC-3, as its examples). */
export function toMercadoPagoDate(date: Date): string {
  return new Date(date.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
}

/** A Brazilian's CPF, or a company's CNPJ (14 characters, alphanumeric since July 2026), as Mercado Pago's payer identification. */
function toIdentification(document: string): { type: 'CPF' | 'CNPJ'; number: string } {
  const number = document.replace(/[^0-9a-z]/gi, '').toUpperCase();
  return { type: isValidCnpj(number) ? 'CNPJ' : 'CPF', number };
}

export interface MercadoPagoPayment {
  id: number | string;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  /** What was given back so far (partial refunds leave the payment approved). */
  transaction_amount_refunded?: number;
  currency_id: string;
  /** Changes with every change of the payment (a dispute opened and decided comes back to `approved`). */
  date_last_updated?: string;
}

export interface MercadoPagoConfig {
  apiUrl: string;
  accessToken: string;
  webhookSecret: string;
  timeoutMs: number;
}

/**
 * The signed manifest of a notification, exactly as Mercado Pago documents it (trailing
 * semicolon included). "If any of the values presented in the template is not present in the
 * notification received, you must remove it" (Checkout Pro, Notifications, Webhooks, "Validate
 * the notification origin"): a delivery without x-request-id is signed without `request-id:`.
 */
export function toSignatureManifest(dataId: string, requestId: string, ts: string): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `id:${id};${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

export function signMercadoPagoManifest(manifest: string, secret: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

function toReport(payment: MercadoPagoPayment): PaymentReport {
  return {
    status: STATUS[payment.status] ?? 'pending',
    amountMinor: toMinorUnits(payment.transaction_amount, 2),
    currencyId: payment.currency_id === 'BRL' ? BRL : -1,
    disputed: payment.status === 'in_mediation',
  };
}

/**
 * When an `x-signature` was made, in seconds. Mercado Pago's guide calls `ts` a timestamp "in
 * milliseconds" but shows `ts=1704908010` (seconds), and the official SDK's validator reads
 * seconds (sdk-nodejs issue #458): 10 digits or fewer are seconds, more are milliseconds (decision 0410).
 */
function toSignedAtSeconds(ts: string): number {
  return ts.length > 10 ? Number(ts) / 1000 : Number(ts);
}

export function createMercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const auth = { authorization: `Bearer ${config.accessToken}` };
  const call = <T>(path: string, options: { json?: unknown; idempotencyKey?: string } = {}) =>
    callGateway<T>(`${config.apiUrl}${path}`, {
      headers: { ...auth, ...(options.idempotencyKey ? { 'x-idempotency-key': options.idempotencyKey } : {}) },
      json: options.json,
      timeoutMs: config.timeoutMs,
    });

  /** Every payment made for our reference, newest first (a shopper may be declined, then pay). */
  async function findPayments(reference: string): Promise<MercadoPagoPayment[]> {
    const query = new URLSearchParams({ external_reference: reference, sort: 'date_created', criteria: 'desc' });
    const answer = await call<{ results?: MercadoPagoPayment[] }>(`/v1/payments/search?${query}`);
    return answer.results ?? [];
  }

  /**
   * A 429 or 5xx is tried again under the same idempotency key (Mercado Pago answers the first
   * preference again for a repeated key), honouring its Retry-After within the port's bound.
   */
  function createPreference(json: unknown, idempotencyKey: string) {
    return retryTransient(`mercadopago: preference ${idempotencyKey}`, () =>
      call<{ id: string; init_point: string }>('/checkout/preferences', { json, idempotencyKey }),
    );
  }

  /** Whether the signature of a signed delivery is Mercado Pago's and fresh; null when it is. */
  function checkSignature(signature: string, requestId: string, dataId: string, now: Date): 'bad_signature' | 'stale' | null {
    const parts = Object.fromEntries(signature.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
    const ts = parts.ts ?? '';
    const given = Buffer.from(parts.v1 ?? '');
    if (!/^\d{1,16}$/.test(ts)) return 'bad_signature';
    const expected = Buffer.from(signMercadoPagoManifest(toSignatureManifest(dataId, requestId, ts), config.webhookSecret));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad_signature';
    if (Math.abs(now.getTime() / 1000 - toSignedAtSeconds(ts)) > SIGNATURE_TOLERANCE_S) return 'stale';
    return null;
  }

  return {
    id: MERCADOPAGO_PROVIDER_ID,
    currencyId: BRL,

    async createPayment(input) {
      // With no method chosen the reservation is the short one: a boleto could not clear in it (decision 1000).
      const keep = input.method
        ? (PAYMENT_TYPES[input.method] ?? [])
        : ALL_PAYMENT_TYPES.filter((type) => type !== 'ticket' && type !== 'atm');
      const payBy = input.method === 'boleto' ? new Date(input.expiresAt.getTime() - BOLETO_CREDITING_MARGIN_MS) : input.expiresAt;
      const preference = await createPreference(
        {
          items: input.items.map((item) => ({
            id: item.id,
            title: item.title,
            quantity: item.quantity,
            unit_price: toMajor(item.unitMinor, 2),
            currency_id: 'BRL',
          })),
          payer: {
            email: input.payer.email,
            name: input.payer.firstName,
            surname: input.payer.lastName,
            identification: toIdentification(input.payer.document),
          },
          external_reference: input.reference,
          // source_news=webhooks: only signed Webhooks, not the unsigned IPN calls, reach this URL.
          notification_url: `${input.shopOrigin}/ecom/pagamentos/webhook/${MERCADOPAGO_PROVIDER_ID}?source_news=webhooks`,
          back_urls: { success: input.returnUrl, pending: input.returnUrl, failure: input.returnUrl },
          auto_return: 'approved',
          payment_methods: {
            excluded_payment_types: ALL_PAYMENT_TYPES.filter((type) => !keep.includes(type)).map((id) => ({ id })),
            installments: input.method === 'card' || !input.method ? MAX_INSTALLMENTS : 1,
            ...(input.method === 'card' ? { default_installments: input.installments } : {}),
          },
          statement_descriptor: 'FRONTEIRA',
          // The page cannot be paid after the reservation ends ("Definir vigência da preferência"),
          // nor a PIX code or boleto it issued ("Change expiration date": date_of_expiration).
          expires: true,
          expiration_date_from: toMercadoPagoDate(new Date(Date.now() - CLOCK_SKEW_MS)),
          expiration_date_to: toMercadoPagoDate(payBy),
          date_of_expiration: toMercadoPagoDate(payBy),
        },
        input.reference,
      );
      return { link: preference.init_point, providerPaymentId: preference.id };
    },

    /**
     * A signed delivery must carry Mercado Pago's signature. An unsigned one (an IPN, or a
     * Webhook of an application without a secret signature) is not refused: nothing in it is
     * believed, the payment's state is read back from the payments API below, as for every
     * delivery, so a forged one can only make the shop look at the truth.
     */
    async verifyWebhook({ headers, query }, now): Promise<WebhookVerification> {
      const signature = headers.get('x-signature');
      const dataId = query.get('data.id') ?? query.get('id') ?? '';
      if (!dataId) return { ok: false, reason: 'malformed' };
      if (signature === null) console.warn(`mercadopago: unsigned notification for payment ${dataId}, state read back from the API`);
      else {
        const refusal = checkSignature(signature, headers.get('x-request-id') ?? '', dataId, now);
        if (refusal) return { ok: false, reason: refusal };
      }
      const topic = query.get('type') ?? query.get('topic');
      if (topic !== null && topic !== 'payment') return { ok: false, reason: 'malformed' };
      let payment: MercadoPagoPayment;
      try {
        payment = await call<MercadoPagoPayment>(`/v1/payments/${encodeURIComponent(dataId)}`);
      } catch (error) {
        console.warn(`mercadopago: payment ${dataId} could not be read`, error instanceof GatewayError ? error.message : error);
        return { ok: false, reason: error instanceof GatewayError && error.status === 404 ? 'malformed' : 'gateway_error' };
      }
      if (!payment.external_reference) return { ok: false, reason: 'malformed' };
      const event: PaymentEvent = {
        // approved, in_mediation, approved again (a dispute won) are three events: the update time tells them apart.
        eventId: `${payment.id}:${payment.status}:${payment.date_last_updated ?? ''}`,
        reference: payment.external_reference,
        ...toReport(payment),
      };
      return { ok: true, event };
    },

    async fetchPaymentStatus(reference) {
      const payments = await findPayments(reference);
      const chosen = payments.find((payment) => payment.status === 'approved') ?? payments[0];
      return chosen ? toReport(chosen) : null;
    },

    async refundPayment({ reference, amountMinor, currencyId }): Promise<RefundResult> {
      try {
        const payments = await findPayments(reference);
        const paid = payments.find((payment) => payment.status === 'approved' || payment.status === 'refunded');
        if (!paid) return { ok: false, reason: payments.length === 0 ? 'unknown_payment' : 'not_captured' };
        const report = toReport(paid);
        if (report.amountMinor !== amountMinor || report.currencyId !== currencyId) return { ok: false, reason: 'amount_mismatch' };
        if (paid.status === 'refunded') return { ok: true };
        await call(`/v1/payments/${paid.id}/refunds`, { json: {}, idempotencyKey: `refund-${reference}` });
        return { ok: true };
      } catch (error) {
        console.warn(`mercadopago: refund of ${reference} failed`, error instanceof GatewayError ? error.message : error);
        return { ok: false, reason: 'gateway_error' };
      }
    },

    /**
     * Refunds reference ("Create refund", POST /v1/payments/{id}/refunds): a body with `amount`
     * gives that part back and the payment stays approved until nothing remains; more than what
     * remains (transaction_amount less transaction_amount_refunded) is not asked. A 400 (a method
     * without partial refunds, code 3024; a payment too old, 2024) is the gateway's refusal.
     */
    async refundPart({ reference, amountMinor, currencyId, idempotencyKey }): Promise<RefundResult> {
      try {
        const paid = (await findPayments(reference)).find((payment) => payment.status === 'approved');
        if (!paid) return { ok: false, reason: 'not_captured' };
        const remaining = toMinorUnits(paid.transaction_amount, 2) - toMinorUnits(paid.transaction_amount_refunded ?? 0, 2);
        if (currencyId !== BRL || amountMinor > remaining) return { ok: false, reason: 'amount_mismatch' };
        await call(`/v1/payments/${paid.id}/refunds`, { json: { amount: toMajor(amountMinor, 2) }, idempotencyKey });
        return { ok: true };
      } catch (error) {
        console.warn(`mercadopago: partial refund of ${reference} failed`, error instanceof GatewayError ? error.message : error);
        return { ok: false, reason: error instanceof GatewayError && error.status === 400 ? 'manual_required' : 'gateway_error' };
      }
    },
  };
}
